import {
  Button,
  ColorInput,
  Grid,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { z } from "zod";
import type { messageAnswer } from "../../../../domain/api/wire";
import {
  APP_CONFIG_KEYS,
  type AppConfigKey,
  COLOR_KEYS,
  DERIVED_APP_CONFIG_KEYS,
} from "../../../../domain/app-config";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { StudioExportCard } from "../../../components/admin/studio-export";
import { api } from "../../../lib/api-client";
import { appConfigQueryKey, useAppConfig } from "../../../lib/app-config";
import { CONFIG_GROUPS, IMAGE_KEYS } from "../app-config-groups";
import { BrandPreview } from "../components/brand-preview";
import { ImageField } from "../components/image-field";
import { LandingSectionsEditor } from "../components/landing-sections-editor";
import { PackageSettingField } from "../components/package-setting-field";

type Values = Record<string, unknown>;

const UNIT_OPTIONS = [
  { value: "hours", label: "Horas" },
  { value: "days", label: "Días" },
];

/** The zones a studio picks from (the runtime's list), the current one first if it is unusual. */
function zoneOptions(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) || !current ? all : [current, ...all];
}

function ConfigInput({
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

/**
 * /admin/configuracion: branding (with a live preview), texts, landing sections and their
 * order, feature switches and policies. Only changed keys are sent (PUT /api/appconfig).
 */
export function AppConfigPage() {
  const config = useAppConfig() as unknown as Values;
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(config);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValues(config), [config]);
  // Derived keys (timezone_offset, domain) are shown, never sent: the server computes them.
  const changed = useMemo(
    () =>
      Object.keys(values).filter(
        (k) =>
          !DERIVED_APP_CONFIG_KEYS.includes(k as AppConfigKey) &&
          JSON.stringify(values[k]) !== JSON.stringify(config[k]),
      ),
    [values, config],
  );
  const set = (k: string) => (v: unknown) => setValues((s) => ({ ...s, [k]: v }));

  const save = async () => {
    setSaving(true);
    try {
      const res = await api.put<z.input<typeof messageAnswer>>(
        "/appconfig",
        changed.map((key) => ({ key, value: values[key] })),
      );
      await client.invalidateQueries({ queryKey: appConfigQueryKey });
      notifySuccess(res.message);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AdminPage
      title="Configuración"
      actions={
        <>
          <Button variant="default" disabled={changed.length === 0} onClick={() => setValues(config)}>
            Descartar cambios
          </Button>
          <Button onClick={save} loading={saving} disabled={changed.length === 0}>
            Guardar{changed.length ? ` (${changed.length})` : ""}
          </Button>
        </>
      }
    >
      <Tabs defaultValue="marca" keepMounted={false}>
        <Tabs.List mb="md" style={{ overflowX: "auto", flexWrap: "nowrap" }}>
          {CONFIG_GROUPS.map((g) => (
            <Tabs.Tab key={g.value} value={g.value}>
              {g.label}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="inicio">Página de inicio</Tabs.Tab>
        </Tabs.List>
        {CONFIG_GROUPS.map((g) => (
          <Tabs.Panel key={g.value} value={g.value}>
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: g.value === "marca" ? 7 : 12 }}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {g.keys.map(([k, label, description]) => (
                    <ConfigInput
                      key={k}
                      k={k}
                      label={label}
                      description={description}
                      value={values[k]}
                      onChange={set(k)}
                    />
                  ))}
                </SimpleGrid>
              </Grid.Col>
              {g.value === "marca" ? (
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <Stack gap="xs" pos="sticky" top={16}>
                    <Title order={2} fz="sm">
                      Vista previa
                    </Title>
                    <BrandPreview values={values} />
                  </Stack>
                </Grid.Col>
              ) : null}
            </Grid>
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="inicio">
          <Stack maw={520}>
            <LandingSectionsEditor
              value={(values.landing_sections as string[]) ?? []}
              onChange={set("landing_sections")}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <StudioExportCard />
    </AdminPage>
  );
}
