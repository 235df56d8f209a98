import { AppError } from "../../../domain/errors";
import {
  type FieldValues,
  type FormField,
  isFieldVisible,
  missingRequired,
  normalizeFieldValue,
  validateFieldValues,
} from "../../../domain/forms";
import type { Db } from "../../db/client";
import { customerOwnsFiles } from "../files/files.service";
import {
  CUSTOMER_OBJECT,
  type CustomFieldRow,
  listCustomerFieldsCached,
  listFieldsOfObject,
  listValues,
  upsertValues,
} from "./forms.repository";

export function toFormField(row: CustomFieldRow): FormField {
  return {
    custom_field_id: row.custom_field_id,
    key: row.key,
    label: row.label,
    type: row.type,
    order: row.order,
    step: row.step,
    required: row.required,
    options: row.options,
    precondition: row.precondition,
  };
}

export async function customerFields(db: Db): Promise<FormField[]> {
  return (await listFieldsOfObject(db, CUSTOMER_OBJECT)).map(toFormField);
}

/** The customer's values by field key. */
export async function customerValues(db: Db, customerId: number, fields?: FormField[]): Promise<FieldValues> {
  const all = fields ?? (await customerFields(db));
  const byId = new Map(all.map((f) => [f.custom_field_id, f.key]));
  const values: FieldValues = {};
  for (const row of await listValues(db, customerId)) {
    const key = byId.get(row.custom_field_id);
    if (key) values[key] = row.value;
  }
  return values;
}

function fileIds(fields: FormField[], values: FieldValues): number[] {
  return fields.filter(isFileField).flatMap((f) => {
    const v = values[f.key];
    return (Array.isArray(v) ? v : [v]).filter((id): id is number => typeof id === "number");
  });
}

/**
 * Saves the given values over the stored ones. The whole resulting set is validated
 * (docs/product-rules.md#forms: required fields, per-type rules) so a save can never leave the
 * profile invalid; unknown keys are ignored; a file field may only point at the customer's own
 * uploads; fields hidden by their precondition are cleared. Pass a transaction when this is part of
 * a larger write.
 */
export async function saveCustomerValues(
  db: Db,
  customerId: number,
  input: FieldValues,
  options: { signup?: boolean } = {},
): Promise<FieldValues> {
  // At sign-up nothing can be uploaded yet: file fields are asked for later, on the profile.
  const fields = (await customerFields(db)).filter((f) => !options.signup || !isFileField(f));
  const known = fields.filter((f) => Object.hasOwn(input, f.key));
  const merged: FieldValues = { ...(await customerValues(db, customerId, fields)) };
  for (const f of known) merged[f.key] = normalizeFieldValue(f, input[f.key]);
  const problems = validateFieldValues(fields, merged);
  if (problems) throw new AppError(400, "VALIDATION_ERROR", problems.message, { fields: problems.fields });
  const ids = fileIds(known, merged);
  if (ids.length > 0 && !(await customerOwnsFiles(db, customerId, ids))) {
    throw AppError.of("FILE_NOT_OWNED");
  }
  const rows = fields
    .filter((f) => Object.hasOwn(input, f.key) || !isFieldVisible(f, merged))
    .map((f) => ({
      custom_field_id: f.custom_field_id,
      value: isFieldVisible(f, merged) ? (merged[f.key] ?? null) : null,
    }));
  await upsertValues(db, customerId, rows);
  for (const f of fields) if (!isFieldVisible(f, merged)) delete merged[f.key];
  return merged;
}

/** Required customer fields still without a valid value (the 'Completar Información' list). */
export async function missingFieldsFor(db: Db, customerId: number): Promise<FormField[]> {
  const fields = await customerFields(db);
  return missingRequired(fields, await customerValues(db, customerId, fields));
}

/**
 * The same list for the booking guard, against field definitions read at most every few seconds
 * (every booking asks; an admin's change on this instance counts at once). The customer's values
 * are read only when some field is required.
 */
export async function missingFieldsForBooking(db: Db, customerId: number): Promise<string[]> {
  const fields = (await listCustomerFieldsCached(db)).map(toFormField);
  if (!fields.some((f) => f.required)) return [];
  return missingRequired(fields, await customerValues(db, customerId, fields)).map((f) => f.label);
}

function isFileField(f: FormField): boolean {
  return f.type === "file" || f.type === "image";
}

/** The checks of a sign-up's field values before anything is written (no files at sign-up). */
export async function checkSignupValues(db: Db, input: FieldValues): Promise<void> {
  const fields = (await customerFields(db)).filter((f) => !isFileField(f));
  const values: FieldValues = {};
  for (const f of fields)
    if (Object.hasOwn(input, f.key)) values[f.key] = normalizeFieldValue(f, input[f.key]);
  const problems = validateFieldValues(fields, values);
  if (problems) throw new AppError(400, "VALIDATION_ERROR", problems.message, { fields: problems.fields });
}
