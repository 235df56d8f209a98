import { Stack } from "@mantine/core";
import { type FieldValues, type FormField, isFieldVisible, sortFields } from "../../../domain/forms";
import { FieldInput } from "./field-input";

export { isPendingFile, type PendingFiles, validateClient } from "./pending-files";

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
