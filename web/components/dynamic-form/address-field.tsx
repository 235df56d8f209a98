import { SimpleGrid, TextInput } from "@mantine/core";
import { addressSchema } from "../../../domain/customers";
import { issueErrors } from "../../lib/field-errors";
import type { FieldProps } from "./field-input";

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

/** An address field: its eight parts, Ciudad, Estado and País required when the field is. */
export function AddressField({ field, value, error, onChange }: FieldProps) {
  const address = (value && typeof value === "object" ? value : {}) as Record<string, string>;
  // The field's error is said under the part that causes it (Ciudad, Estado, País).
  const parsed = error ? addressSchema.safeParse(address) : null;
  const parts = parsed && !parsed.success ? issueErrors(parsed.error.issues) : error ? { city: error } : {};
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
