import {
  Alert,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { findRegimen } from "../../../../domain/fiscal/catalogs";
import {
  GLOBAL_PERIODICITIES,
  PRODUCT_KEY_PATTERN,
  UNIT_KEY_PATTERN,
} from "../../../../domain/fiscal/invoicing";
import { formatDate } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useFacturacionSettings, useSaveFacturacionKeys } from "../api";
import { facturasCopy } from "../copy";

const c = facturasCopy.settings;

/**
 * The facturación settings tab (docs/decisions/0058): whether the PAC key is set and works, the
 * issuer's RFC, régimen and CSD as the PAC reports them, and the studio's own keys (product, unit,
 * postal code, the request window). Without a key it explains the preview mode in plain Spanish.
 */
export function FacturacionSettingsPanel({ timeZone }: { timeZone: string }) {
  const settings = useFacturacionSettings(true);
  const save = useSaveFacturacionKeys();
  const [form, setForm] = useState({
    product: "",
    unit: "",
    zip: "",
    days: 0 as number | string,
    periodicity: "month" as string,
  });
  useEffect(() => {
    if (settings.data)
      setForm({
        product: settings.data.product_key,
        unit: settings.data.unit_key,
        zip: settings.data.issuer_zip,
        days: settings.data.request_days_after_month,
        periodicity: settings.data.global_periodicity,
      });
  }, [settings.data]);
  const errors = {
    product: PRODUCT_KEY_PATTERN.test(form.product.trim()) ? null : c.productKeyError,
    unit: UNIT_KEY_PATTERN.test(form.unit.trim()) ? null : c.unitKeyError,
    zip: /^(\d{5})?$/.test(form.zip.trim()) ? null : c.zipError,
  };
  const valid = !errors.product && !errors.unit && !errors.zip;
  if (settings.isPending) return <Text c="dimmed">…</Text>;
  if (settings.isError) return <Alert color="red">{settings.error.message}</Alert>;
  const s = settings.data;
  const org = s.organization;
  const regimen = org ? findRegimen(org.tax_system) : undefined;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {c.pac}
          </Title>
          {s.pac_status === "preview" ? (
            <Alert color="orange">{c.preview}</Alert>
          ) : s.pac_status === "ok" ? (
            <Alert color="green">
              {c.ok}
              {s.test_mode ? ` ${c.testMode}` : ""}
            </Alert>
          ) : (
            <Alert color="red">
              <Stack gap="xs" align="flex-start">
                {s.pac_status === "invalid" ? c.invalid(s.pac_message ?? "") : c.unreachable}
                <Button size="xs" variant="light" color="red" onClick={() => settings.refetch()}>
                  {c.retry}
                </Button>
              </Stack>
            </Alert>
          )}
          {org ? (
            <>
              <Title order={3} fz="md">
                {c.issuer}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <Text size="sm">
                  <b>{c.legalName}:</b> {org.legal_name}
                </Text>
                <Text size="sm">
                  <b>{c.rfc}:</b> {org.tax_id}
                </Text>
                <Text size="sm">
                  <b>{c.regimen}:</b> {org.tax_system}
                  {regimen ? ` · ${regimen.description}` : ""}
                </Text>
                <Text size="sm">
                  <b>{c.zip}:</b> {org.zip ?? "—"}
                </Text>
                <Text size="sm" c={org.csd.present ? undefined : "red.8"}>
                  <b>{c.csd}:</b>{" "}
                  {org.csd.present
                    ? org.csd.expires_at
                      ? c.csdUntil(formatDate(org.csd.expires_at, timeZone))
                      : "✓"
                    : c.csdMissing}
                </Text>
              </SimpleGrid>
              {org.pending_steps.length > 0 ? (
                <Alert color="yellow" title={c.pending}>
                  <List size="sm">
                    {org.pending_steps.map((step) => (
                      <List.Item key={step}>{step}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {c.keys}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={c.productKey}
              description={c.productKeyHint}
              value={form.product}
              error={errors.product}
              maxLength={8}
              inputMode="numeric"
              onChange={(e) => setForm({ ...form, product: e.currentTarget.value })}
            />
            <TextInput
              label={c.unitKey}
              description={c.unitKeyHint}
              value={form.unit}
              error={errors.unit}
              maxLength={3}
              onChange={(e) => setForm({ ...form, unit: e.currentTarget.value.toUpperCase() })}
            />
            <TextInput
              label={c.issuerZip}
              description={c.issuerZipHint}
              value={form.zip}
              error={errors.zip}
              maxLength={5}
              inputMode="numeric"
              onChange={(e) => setForm({ ...form, zip: e.currentTarget.value })}
            />
            <NativeSelect
              label={c.periodicity}
              description={c.periodicityHint}
              value={form.periodicity}
              data={GLOBAL_PERIODICITIES.map((p) => ({ value: p, label: c.periodicities[p] }))}
              onChange={(e) => setForm({ ...form, periodicity: e.currentTarget.value })}
            />
            <NumberInput
              label={c.window}
              description={c.windowHint}
              value={form.days}
              min={0}
              max={31}
              allowDecimal={false}
              onChange={(v) => setForm({ ...form, days: v })}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              disabled={!valid}
              onClick={() =>
                save.mutate(
                  {
                    invoice_product_key: form.product.trim(),
                    invoice_unit_key: form.unit.trim(),
                    invoice_issuer_zip: form.zip.trim(),
                    invoice_request_days_after_month: Number(form.days) || 0,
                    invoice_global_periodicity: form.periodicity,
                  },
                  { onSuccess: () => notifySuccess(c.saved), onError: notifyError },
                )
              }
            >
              {c.save}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
