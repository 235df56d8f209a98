import {
  Button,
  ColorInput,
  Grid,
  NumberInput,
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
import { APP_CONFIG_KEYS, type AppConfigKey, COLOR_KEYS } from "../../../../domain/app-config";
import { api } from "../../../lib/api-client";
import { AdminPage } from "../../admin/components/page-frame";
import { notifyError, notifySuccess } from "../../admin/notify";
import { appConfigQueryKey, useAppConfig } from "../../app-config/api";
import { CONFIG_GROUPS } from "../app-config-groups";
import { BrandPreview } from "../components/brand-preview";
import { LandingSectionsEditor } from "../components/landing-sections-editor";

type Values = Record<string, unknown>;

function ConfigInput({
  k,
  label,
  value,
  onChange,
}: {
  k: AppConfigKey;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const type = APP_CONFIG_KEYS[k].type;
  if (type === "boolean")
    return (
      <Switch label={label} checked={Boolean(value)} onChange={(e) => onChange(e.currentTarget.checked)} />
    );
  if (type === "number")
    return (
      <NumberInput
        label={label}
        value={value === null || value === undefined ? "" : Number(value)}
        onChange={(v) => onChange(v === "" ? null : Number(v))}
      />
    );
  if (COLOR_KEYS.has(k))
    return <ColorInput label={label} format="hex" value={String(value ?? "")} onChange={onChange} />;
  if (k.endsWith("_text"))
    return (
      <Textarea
        label={label}
        autosize
        minRows={2}
        value={String(value ?? "")}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  return (
    <TextInput label={label} value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value)} />
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
  const changed = useMemo(
    () => Object.keys(values).filter((k) => JSON.stringify(values[k]) !== JSON.stringify(config[k])),
    [values, config],
  );
  const set = (k: string) => (v: unknown) => setValues((s) => ({ ...s, [k]: v }));

  const save = async () => {
    setSaving(true);
    try {
      const res = await api.put<{ message: string }>(
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
                  {g.keys.map(([k, label]) => (
                    <ConfigInput key={k} k={k} label={label} value={values[k]} onChange={set(k)} />
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
    </AdminPage>
  );
}
