import {
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import {
  GLOBAL_PERIODICITIES,
  PRODUCT_KEY_PATTERN,
  UNIT_KEY_PATTERN,
} from "../../../../domain/fiscal/invoicing";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type FacturacionSettings, useSaveFacturacionKeys } from "../api";
import { facturasCopy } from "../copy";

const c = facturasCopy.settings;

const formOf = (s: FacturacionSettings) => ({
  product: s.product_key,
  unit: s.unit_key,
  zip: s.issuer_zip,
  days: s.request_days_after_month as number | string,
  periodicity: s.global_periodicity as string,
});

/** The studio's own keys: SAT product and unit, the issuer's postal code, periodicity, request window. */
export function InvoiceKeysCard({ settings }: { settings: FacturacionSettings }) {
  const save = useSaveFacturacionKeys();
  const [form, setForm] = useState(() => formOf(settings));
  useEffect(() => setForm(formOf(settings)), [settings]);
  const errors = {
    product: PRODUCT_KEY_PATTERN.test(form.product.trim()) ? null : c.productKeyError,
    unit: UNIT_KEY_PATTERN.test(form.unit.trim()) ? null : c.unitKeyError,
    zip: /^(\d{5})?$/.test(form.zip.trim()) ? null : c.zipError,
  };
  const valid = !errors.product && !errors.unit && !errors.zip;
  return (
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
  );
}
