import type { FieldType } from "../../../../domain/forms";
import type { CustomField, FieldDraft, StudioForm } from "../api";
import { formsCopy } from "../copy";

const c = formsCopy.fields;

/** Types whose answers come from the admin's list of options. */
export const OPTION_TYPES: readonly FieldType[] = ["select", "creatable-select"];
/** The server's rule for keys (forms.routes.ts): the key names the stored answer. */
const KEY_PATTERN = /^[a-z0-9_]{1,60}$/i;

/** A field as the form holds it: options and precondition as text, the name possibly empty. */
export type Editing = Omit<FieldDraft, "options" | "precondition" | "name"> & {
  name: string;
  options: string;
  precondition: string;
};

/** A new field at the end of the form's last step. */
export function blank(form: StudioForm): Editing {
  const last = form.form_fields.at(-1);
  return {
    form_id: form.form_id,
    key: "",
    name: "",
    label: "",
    type: "text",
    required: false,
    options: "",
    step: last?.step ?? 1,
    // The next free place at the end of the last step, so a new field appears last.
    order: last ? last.order + 1 : 0,
    precondition: "",
    object: form.object,
  };
}

/** The field being edited; a name equal to its key shows empty (it defaults to the key). */
export function fromField(field: CustomField, form: StudioForm): Editing {
  return {
    custom_field_id: field.custom_field_id,
    form_id: form.form_id,
    key: field.key,
    name: field.name === field.key ? "" : field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    options: field.options ?? "",
    step: field.step,
    order: field.order,
    precondition: field.precondition ?? "",
    object: field.object,
  };
}

/** What the form can tell before asking the server: the key's shape, a label, a select's options. */
export function localErrors(d: Editing): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!KEY_PATTERN.test(d.key.trim())) errors.key = c.keyInvalid;
  if (!d.label.trim()) errors.label = c.labelRequired;
  // A select with nothing to pick could never be answered; creatable tags may start empty.
  if (d.type === "select" && !d.options.split(",").some((o) => o.trim())) errors.options = c.optionsRequired;
  return errors;
}

/** What is saved: trimmed, the name defaulting to the key, options only for the types that have them. */
export function savedField(d: Editing): FieldDraft {
  return {
    ...d,
    key: d.key.trim(),
    label: d.label.trim(),
    name: d.name.trim() || d.key.trim(),
    options: OPTION_TYPES.includes(d.type) ? d.options.trim() || null : null,
    precondition: d.precondition.trim() || null,
  };
}
