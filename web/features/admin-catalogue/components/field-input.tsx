import {
  ColorInput,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type Row, useList } from "../api";
import { catalogueCopy } from "../copy";
import type { FieldDef, ImageValue } from "../fields";
import { CustomSpotMapEditor, type GridValue } from "./custom-spot-map-editor";
import { HtmlField } from "./html-field";
import { ImageField } from "./image-field";
import { PackageTypesField } from "./package-types-field";
import { SpotMapField } from "./spot-map-field";

function useOptions(field: FieldDef) {
  const list = useList(field.source?.url ?? "", field.source?.key ?? "", Boolean(field.source));
  if (!field.source) return { options: field.options ?? [], rows: [] as Row[] };
  const source = field.source;
  const rows = list.data ?? [];
  return { options: rows.map((r) => ({ value: String(r[source.id]), label: source.label(r) })), rows };
}

/** One form control for one field definition. */
export function FieldInput({
  field,
  value,
  onChange,
  error,
}: {
  field: FieldDef;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
}) {
  const { options, rows } = useOptions(field);
  const common = { label: field.label, description: field.description, error, required: field.required };
  switch (field.type) {
    case "textarea":
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={8}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "number":
    case "money":
      return (
        <NumberInput
          {...common}
          value={value === null || value === undefined ? "" : (value as number | string)}
          onChange={onChange}
          decimalScale={field.type === "money" ? 2 : 0}
          prefix={field.type === "money" ? "$" : undefined}
          thousandSeparator=","
        />
      );
    case "switch":
      return (
        <Switch
          label={field.label}
          description={field.description}
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case "color":
      return <ColorInput {...common} format="hex" value={String(value ?? "")} onChange={onChange} />;
    case "select":
      return (
        <Select
          {...common}
          data={options}
          value={value ? String(value) : null}
          onChange={(v) => onChange(v ?? "")}
          clearable={!field.required}
          searchable
        />
      );
    case "multiselect":
      return (
        <MultiSelect
          {...common}
          data={options}
          value={(value as string[]) ?? []}
          onChange={onChange}
          searchable
          clearable
        />
      );
    case "datetime":
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "date":
      return (
        <TextInput
          {...common}
          type="date"
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "html":
      return <HtmlField label={field.label} value={String(value ?? "")} onChange={onChange} error={error} />;
    case "spotMap":
      return (
        <SpotMapField label={field.label} value={String(value ?? "")} onChange={onChange} error={error} />
      );
    case "customSpotMap":
      return <CustomSpotMapEditor value={value as GridValue} onChange={onChange} />;
    case "image":
      return (
        <ImageField
          label={field.label}
          src={String(value ?? "")}
          allowUrl
          error={error}
          onChange={(image) => onChange(image.src)}
        />
      );
    case "imageFile": {
      const image = (value as ImageValue | undefined) ?? { file_id: null, src: null };
      return (
        <ImageField
          label={field.label}
          src={image.src ?? ""}
          allowUrl={false}
          error={error}
          onChange={(next) => onChange({ file_id: next.file_id, src: next.src || null })}
        />
      );
    }
    case "packageTypes":
      return <PackageTypesField value={(value as never[]) ?? []} onChange={onChange} classTypes={rows} />;
    case "downloadable": {
      const d = (value as { name: string; type: string } | null) ?? { name: "", type: "" };
      const set = (patch: Partial<typeof d>) => {
        const next = { ...d, ...patch };
        onChange(next.name || next.type ? next : null);
      };
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={catalogueCopy.downloadableName}
            value={d.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
          <TextInput
            label={catalogueCopy.downloadableType}
            value={d.type}
            onChange={(e) => set({ type: e.currentTarget.value })}
          />
        </SimpleGrid>
      );
    }
    default:
      return (
        <TextInput
          {...common}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
