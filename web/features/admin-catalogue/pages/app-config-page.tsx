import { Button, Grid, SimpleGrid, Stack, Tabs, Title } from "@mantine/core";
import { AdminPage } from "../../../components/admin/page-frame";
import { StudioExportCard } from "../../../components/admin/studio-export";
import { CONFIG_GROUPS } from "../app-config-groups";
import { BrandPreview } from "../components/brand-preview";
import { ConfigInput } from "../components/config-input";
import { LandingSectionsEditor } from "../components/landing-sections-editor";
import { useAppConfigDraft } from "../components/use-app-config-draft";

/**
 * /admin/configuracion: branding (with a live preview), texts, landing sections and their
 * order, feature switches and policies. Only changed keys are sent (PUT /api/appconfig).
 */
export function AppConfigPage() {
  const { values, set, changed, discard, save, saving } = useAppConfigDraft();

  return (
    <AdminPage
      title="Configuración"
      actions={
        <>
          <Button variant="default" disabled={changed.length === 0} onClick={discard}>
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
