import { Alert, Stack, Text } from "@mantine/core";
import { useFacturacionSettings } from "../api";
import { InvoiceKeysCard } from "./invoice-keys-card";
import { PacStatusCard } from "./pac-status-card";

/**
 * The facturación settings tab (docs/decisions/0058): whether the PAC key is set and works, the
 * issuer's RFC, régimen and CSD as the PAC reports them, and the studio's own keys (product, unit,
 * postal code, the request window). Without a key it explains the preview mode in plain Spanish.
 */
export function FacturacionSettingsPanel({ timeZone }: { timeZone: string }) {
  const settings = useFacturacionSettings(true);
  if (settings.isPending) return <Text c="dimmed">…</Text>;
  if (settings.isError) return <Alert color="red">{settings.error.message}</Alert>;
  return (
    <Stack gap="lg">
      <PacStatusCard settings={settings.data} onRetry={() => settings.refetch()} timeZone={timeZone} />
      <InvoiceKeysCard settings={settings.data} />
    </Stack>
  );
}
