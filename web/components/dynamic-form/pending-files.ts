import { type FieldValues, type FormField, validateFieldValues } from "../../../domain/forms";

/** A value picked in the browser and not uploaded yet (checked, then uploaded, then saved with the form). */
export type PendingFiles = File | File[];

/** Whether a field holds a file picked in the browser that is still to be uploaded. */
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
