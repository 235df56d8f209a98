import { Alert, Badge, Card, Container, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { formatDate, formatMoney } from "../../../../domain/format";
import { PageHeading } from "../../../components/page-placeholder";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { type Invoice, useInvoices } from "../api";

const TITLE = "Mis Cargos";
const STATUS: Record<string, [string, string]> = {
  paid: ["Pagado", "green"],
  pending: ["Pendiente", "yellow"],
  failed: ["Fallido", "red"],
  refunded: ["Reembolsado", "gray"],
};

function StatusBadge({ status }: { status: string }) {
  const [label, color] = STATUS[status] ?? [status, "gray"];
  return <Badge color={color}>{label}</Badge>;
}

/**
 * /mystudio/pagos (subscriptions_enabled): every charge, first payments and renewals. A table on
 * desktop; cards on a phone, where a seven-column table hid the date and the status off screen.
 */
export function ChargesPage() {
  usePageTitle(TITLE);
  const tz = useAppConfig().timezone;
  const invoices = useInvoices();
  const mobile = useMediaQuery("(max-width: 48em)");
  const periodEnd = (i: Invoice) => (i.period_end ? formatDate(i.period_end, tz) : "—");
  return (
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <PageHeading title={TITLE} />
        {invoices.isPending ? (
          <Loader role="status" aria-label="Cargando" />
        ) : invoices.isError ? (
          <Alert color="red">{invoices.error.message}</Alert>
        ) : invoices.data.length === 0 ? (
          <Text c="dimmed">Aún no tienes cargos.</Text>
        ) : mobile ? (
          <Stack gap="sm">
            {invoices.data.map((i) => (
              <Card key={i.invoice_id} withBorder radius="md" data-testid="charge-row">
                <Group justify="space-between" mb={4} wrap="nowrap">
                  <Text fw={700}>{i.class_package.title}</Text>
                  <StatusBadge status={i.status} />
                </Group>
                <Text fz="sm" c="dimmed">
                  {`Folio #${i.invoice_id} · Compra #${i.purchase_id} · ${formatDate(i.createdAt, tz)}`}
                </Text>
                <Text fz="sm">{`Total ${formatMoney(i.total_payment)}`}</Text>
                {i.period_end ? <Text fz="sm">{`Siguiente: ${periodEnd(i)}`}</Text> : null}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Folio</Table.Th>
                  <Table.Th>Compra</Table.Th>
                  <Table.Th>Paquete</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Siguiente</Table.Th>
                  <Table.Th>Estado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.map((i) => (
                  <Table.Tr key={i.invoice_id} data-testid="charge-row">
                    <Table.Td>#{i.invoice_id}</Table.Td>
                    <Table.Td>#{i.purchase_id}</Table.Td>
                    <Table.Td>{i.class_package.title}</Table.Td>
                    <Table.Td>{formatMoney(i.total_payment)}</Table.Td>
                    <Table.Td>{formatDate(i.createdAt, tz)}</Table.Td>
                    <Table.Td>{periodEnd(i)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={i.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
