import { FileInput, NumberInput, Select, TagsInput, Textarea, TextInput } from "@mantine/core";
import { type FormField, fieldOptions, NUMBER_MIN } from "../../../domain/forms";
import { AddressField } from "./address-field";
import { PhoneField } from "./phone-field";

/** One custom field's input: its value, the error to say under it and where a change goes. */
export type FieldProps = {
  field: FormField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
};

/** The input a custom field's type asks for (docs/product-rules.md#forms). */
export function FieldInput(props: FieldProps) {
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
    case "address":
      return <AddressField {...props} />;
  }
}
