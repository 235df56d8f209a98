import { addressSchema, isValidPhone } from "./customers";
import { t } from "./messages";

/**
 * Field types of the studio's dynamic forms; 'address' renders the billing-address form ("form 6").
 */
export const FIELD_TYPES = [
  "file",
  "date",
  "text",
  "time",
  "image",
  "phone",
  "select",
  "number",
  "boolean",
  "textarea",
  "datetime-local",
  "creatable-select",
  "address",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type FormField = {
  custom_field_id: number;
  key: string;
  label: string;
  type: FieldType;
  order: number;
  step: number;
  required: boolean;
  options: string | null;
  precondition: string | null;
};

export type FieldValues = Record<string, unknown>;

/** Number inputs accept nothing below -1 ("unlimited"). */
export const NUMBER_MIN = -1;

/** docs/product-rules.md#forms: fields are shown and checked by step, then order. */
export function sortFields<T extends Pick<FormField, "step" | "order">>(fields: readonly T[]): T[] {
  return [...fields].sort((a, b) => a.step - b.step || a.order - b.order);
}

/** "a,b , c" → ["a", "b", "c"]. */
export function fieldOptions(field: Pick<FormField, "options">): string[] {
  return (field.options ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
}

/**
 * A precondition shows a field only when another one has a value: "other_key" (any value) or
 * "other_key=Value". A hidden field is neither required nor saved.
 */
export function isFieldVisible(field: Pick<FormField, "precondition">, values: FieldValues): boolean {
  const condition = field.precondition?.trim();
  if (!condition) return true;
  const [key = "", expected] = condition.split("=").map((s) => s.trim());
  const actual = values[key];
  if (expected === undefined) return !isEmpty(actual);
  return Array.isArray(actual) ? actual.map(String).includes(expected) : String(actual ?? "") === expected;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function isValidDate(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "" && !Number.isNaN(Date.parse(value));
}

function isFileValue(value: unknown): boolean {
  const ids = Array.isArray(value) ? value : [value];
  return ids.length > 0 && ids.every((id) => Number.isInteger(id) && (id as number) > 0);
}

const EMPTY_MESSAGE: Record<FieldType, string> = {
  file: t("fileRequired"),
  image: t("fileRequired"),
  select: t("selectRequired"),
  boolean: t("selectRequired"),
  "creatable-select": t("selectRequired"),
  phone: t("phoneFormat"),
  text: t("fieldRequired"),
  time: t("fieldRequired"),
  textarea: t("fieldRequired"),
  date: t("fieldRequired"),
  "datetime-local": t("fieldRequired"),
  number: t("fieldRequired"),
  address: t("fieldRequired"),
};

/**
 * The message for one field's value, or null when it is fine. Emptiness only matters for required
 * fields (docs/product-rules.md#forms); a value that is present must still have the right shape (a
 * phone that matches the pattern, a number not below -1, a file id).
 */
export function fieldError(field: Pick<FormField, "type" | "required">, value: unknown): string | null {
  // A select answered "false" is an answer (docs/product-rules.md#forms).
  const empty =
    field.type === "select" || field.type === "boolean"
      ? value === undefined || value === null || value === ""
      : isEmpty(value);
  if (empty) return field.required ? EMPTY_MESSAGE[field.type] : null;
  switch (field.type) {
    case "text":
    case "time":
    case "textarea":
      return typeof value === "string" && value.length <= 5000 ? null : t("fieldRequired");
    case "date":
    case "datetime-local":
      return isValidDate(value) ? null : t("dateInvalid");
    case "file":
    case "image":
      return isFileValue(value) ? null : t("fileRequired");
    case "phone":
      return typeof value === "string" && isValidPhone(value) ? null : t("phoneFormat");
    case "number": {
      const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) return t("numberInvalid");
      return n < NUMBER_MIN ? t("numberTooLow") : null;
    }
    case "select":
    case "boolean":
      return ["string", "boolean", "number"].includes(typeof value) ? null : t("selectRequired");
    case "creatable-select":
      return Array.isArray(value) && value.every((v) => typeof v === "string") ? null : t("selectRequired");
    case "address": {
      const parsed = addressSchema.safeParse(value);
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? t("fieldRequired"));
    }
  }
}

export type FormValidation = { message: string; fields: Record<string, string> };

/**
 * Checks every visible field. null when all pass; otherwise the per-field messages and the
 * summary shown on save: 'Revisa el campo: {label}' for one, the plural text for several.
 */
export function validateFieldValues(
  fields: readonly FormField[],
  values: FieldValues,
): FormValidation | null {
  const errors: Record<string, string> = {};
  const labels: string[] = [];
  for (const field of sortFields(fields)) {
    if (!isFieldVisible(field, values)) continue;
    const error = fieldError(field, values[field.key]);
    if (error) {
      errors[field.key] = error;
      labels.push(field.label);
    }
  }
  if (labels.length === 0) return null;
  return {
    message: labels.length === 1 ? t("checkField", { label: labels[0]! }) : t("checkFields"),
    fields: errors,
  };
}

/** Labels of the required, visible fields that have no acceptable value yet. */
export function missingRequired(fields: readonly FormField[], values: FieldValues): FormField[] {
  return sortFields(fields).filter(
    (f) => f.required && isFieldVisible(f, values) && fieldError(f, values[f.key]) !== null,
  );
}

/** Normalises what is stored: phones keep digits only; numbers become numbers. */
export function normalizeFieldValue(field: Pick<FormField, "type">, value: unknown): unknown {
  if (value === undefined || value === "") return null;
  if (field.type === "phone" && typeof value === "string") return value.replace(/\D/g, "").slice(0, 10);
  if (field.type === "number" && typeof value === "string") return Number(value);
  return value;
}
