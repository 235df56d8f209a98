import { Alert, Button, Card, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { findRegimen } from "../../../../domain/fiscal/catalogs";
import { formatDate } from "../../../../domain/format";
import type { FacturacionSettings } from "../api";
import { facturasCopy } from "../copy";

const c = facturasCopy.settings;

/**
 * Whether the PAC key is set and works (preview mode without one), and the issuer's RFC, régimen
 * and CSD as the PAC reports them, with the steps still pending there.
 */
export function PacStatusCard({
  settings: s,
  onRetry,
  timeZone,
}: {
  settings: FacturacionSettings;
  onRetry: () => void;
  timeZone: string;
}) {
  const org = s.organization;
  const regimen = org ? findRegimen(org.tax_system) : undefined;
  return (
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
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
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
  );
}
