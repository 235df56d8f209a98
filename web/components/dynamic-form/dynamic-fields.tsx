import {
  FileInput,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { addressSchema, normalizePhone } from "../../../domain/customers";
import {
  type FieldValues,
  type FormField,
  fieldError,
  fieldOptions,
  isFieldVisible,
  NUMBER_MIN,
  sortFields,
  validateFieldValues,
} from "../../../domain/forms";
import { issueErrors } from "../../lib/field-errors";

/** A value picked in the browser and not uploaded yet (seed flow: check, upload, save). */
export type PendingFiles = File | File[];

export function isPendingFile(value: unknown): value is PendingFiles {
  return (
    value instanceof File ||
    (Array.isArray(value) && value.length > 0 && value.every((v) => v instanceof File))
  );
}

/** The domain's checks, with a picked-but-not-uploaded file counting as present. */
export function validateClient(fields: FormField[], values: FieldValues) {
  const stand: FieldValues = {};
  for (const [k, v] of Object.entries(values)) stand[k] = isPendingFile(v) ? 1 : v;
  return validateFieldValues(fields, stand);
}

const ADDRESS_KEYS = [
  ["street", "Calle"],
  ["number", "Número"],
  ["interior_number", "Interior"],
  ["neighborhood", "Colonia"],
  ["city", "Ciudad"],
  ["state", "Estado"],
  ["country", "País"],
  ["zip_code", "Código postal"],
] as const;

/** Phone input: digits only, up to 10; the format message appears 1000 ms after typing stops. */
function PhoneField({ field, value, error, onChange }: FieldProps) {
  const [late, setLate] = useState<string | null>(null);
  const text = typeof value === "string" ? value : "";
  useEffect(() => {
    setLate(null);
    if (!text) return;
    const timer = window.setTimeout(() => setLate(fieldError({ ...field, required: false }, text)), 1000);
    return () => window.clearTimeout(timer);
  }, [text, field]);
  return (
    <TextInput
      label={field.label}
      required={field.required}
      inputMode="numeric"
      autoComplete="tel"
      value={text}
      error={error ?? late}
      onChange={(e) => onChange(normalizePhone(e.currentTarget.value))}
    />
  );
}

type FieldProps = {
  field: FormField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
};

function FieldInput(props: FieldProps) {
  const { field, value, error, onChange } = props;
  const common = { label: field.label, required: field.required, error };
  switch (field.type) {
    case "text":
      return (
        <TextInput
          {...common}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "textarea":
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "time":
    case "date":
    case "datetime-local":
      return (
        <TextInput
          {...common}
          type={field.type}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "number":
      return (
        <NumberInput
          {...common}
          min={NUMBER_MIN}
          clampBehavior="strict"
          value={typeof value === "number" ? value : ""}
          onChange={(v) => onChange(typeof v === "number" ? v : null)}
        />
      );
    case "phone":
      return <PhoneField {...props} />;
    case "select":
      return (
        <Select
          {...common}
          data={fieldOptions(field)}
          value={typeof value === "string" ? value : null}
          onChange={(v) => onChange(v)}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={300}
        />
      );
    case "boolean":
      return (
        <Select
          {...common}
          data={[
            { value: "true", label: "Sí" },
            { value: "false", label: "No" },
          ]}
          value={typeof value === "boolean" ? String(value) : null}
          onChange={(v) => onChange(v === null ? null : v === "true")}
        />
      );
    case "creatable-select":
      return (
        <TagsInput
          {...common}
          data={fieldOptions(field)}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(v) => onChange(v)}
        />
      );
    case "file":
    case "image":
      return (
        <FileInput
          {...common}
          clearable
          accept={field.type === "image" ? "image/*" : "image/*,application/pdf"}
          placeholder={typeof value === "number" ? "Archivo cargado" : "Elige un archivo"}
          value={value instanceof File ? value : null}
          onChange={(file) => onChange(file)}
        />
      );
    case "address": {
      const address = (value && typeof value === "object" ? value : {}) as Record<string, string>;
      // The field's error is said under the part that causes it (Ciudad, Estado, País).
      const parsed = error ? addressSchema.safeParse(address) : null;
      const parts =
        parsed && !parsed.success ? issueErrors(parsed.error.issues) : error ? { city: error } : {};
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ADDRESS_KEYS.map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              required={field.required && ["city", "state", "country"].includes(key)}
              value={address[key] ?? ""}
              error={parts[key]}
              onChange={(e) => onChange({ ...address, [key]: e.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
      );
    }
  }
}

/**
 * Renders configured custom fields (docs/product-rules.md#forms), sorted by step then order, hiding
 * the ones whose precondition is not met. Errors come from the parent (on save) keyed by field key.
 */
export function DynamicFields({
  fields,
  values,
  errors = {},
  onChange,
}: {
  fields: FormField[];
  values: FieldValues;
  errors?: Record<string, string>;
  onChange: (values: FieldValues) => void;
}) {
  return (
    <Stack gap="sm">
      {sortFields(fields)
        .filter((f) => isFieldVisible(f, values))
        .map((field) => (
          <FieldInput
            key={field.key}
            field={field}
            value={values[field.key]}
            error={errors[field.key]}
            onChange={(value) => onChange({ ...values, [field.key]: value })}
          />
        ))}
    </Stack>
  );
}
