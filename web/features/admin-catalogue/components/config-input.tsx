import { ColorInput, NumberInput, Select, Switch, Textarea, TextInput } from "@mantine/core";
import {
  APP_CONFIG_KEYS,
  type AppConfigKey,
  COLOR_KEYS,
  DERIVED_APP_CONFIG_KEYS,
} from "../../../../domain/app-config";
import { IMAGE_KEYS } from "../app-config-groups";
import { ImageField } from "./image-field";
import { PackageSettingField } from "./package-setting-field";

const UNIT_OPTIONS = [
  { value: "hours", label: "Horas" },
  { value: "days", label: "Días" },
];

/** The zones a studio picks from (the runtime's list), the current one first if it is unusual. */
function zoneOptions(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) || !current ? all : [current, ...all];
}

/** The input for one studio setting, by its key and type (derived keys are read-only). */
export function ConfigInput({
  k,
  label,
  description,
  value,
  onChange,
}: {
  k: AppConfigKey;
  label: string;
  description?: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const type = APP_CONFIG_KEYS[k].type;
  if (DERIVED_APP_CONFIG_KEYS.includes(k))
    return (
      <TextInput
        label={label}
        description={description}
        value={String(value ?? "")}
        readOnly
        variant="filled"
      />
    );
  if (IMAGE_KEYS.has(k))
    return (
      <ImageField
        label={label}
        src={String(value ?? "")}
        allowUrl
        onChange={(image) => onChange(image.src)}
      />
    );
  if (k === "signup_fee_package_id" || k === "trial_package_id")
    return (
      <PackageSettingField
        settingKey={k}
        label={label}
        description={description}
        value={value}
        onChange={onChange}
      />
    );
  if (k === "cancel_timeframe_unit")
    return (
      <Select
        label={label}
        description={description}
        data={UNIT_OPTIONS}
        value={String(value ?? "hours").replace(/s?$/, "s")}
        onChange={(v) => onChange(v ?? "hours")}
        allowDeselect={false}
      />
    );
  if (k === "timezone")
    return (
      <Select
        label={label}
        description={description}
        data={zoneOptions(String(value ?? ""))}
        value={String(value ?? "")}
        onChange={(v) => v && onChange(v)}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No encontramos esa zona."
      />
    );
  if (type === "boolean")
    return (
      <Switch
        label={label}
        description={description}
        checked={Boolean(value)}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    );
  if (type === "number")
    return (
      <NumberInput
        label={label}
        description={description}
        value={value === null || value === undefined ? "" : Number(value)}
        onChange={(v) => onChange(v === "" ? null : Number(v))}
      />
    );
  if (COLOR_KEYS.has(k))
    return (
      <ColorInput
        label={label}
        description={description}
        format="hex"
        value={String(value ?? "")}
        onChange={onChange}
        eyeDropperButtonProps={{ "aria-label": `Tomar ${label.toLowerCase()} de la pantalla` }}
      />
    );
  if (k.endsWith("_text"))
    return (
      <Textarea
        label={label}
        description={description}
        autosize
        minRows={2}
        value={String(value ?? "")}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  return (
    <TextInput
      label={label}
      description={description}
      value={String(value ?? "")}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
