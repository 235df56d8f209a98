import { Alert, Badge, Container, Loader, Stack, Table, Text } from "@mantine/core";
import { formatDate, formatMoney } from "../../../../domain/format";
import { PageHeading } from "../../../components/page-placeholder";
import { usePageTitle } from "../../../lib/use-page-title";
import { useAppConfig } from "../../app-config/api";
import { useInvoices } from "../api";

const TITLE = "Mis Cargos";
const STATUS: Record<string, [string, string]> = {
  paid: ["Pagado", "green"],
  pending: ["Pendiente", "yellow"],
  failed: ["Fallido", "red"],
  refunded: ["Reembolsado", "gray"],
};

/** /mystudio/pagos (subscriptions_enabled): every charge, first payments and renewals. */
export function ChargesPage() {
  usePageTitle(TITLE);
  const tz = useAppConfig().timezone;
  const invoices = useInvoices();
  return (
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <PageHeading title={TITLE} />
        {invoices.isPending ? (
          <Loader aria-label="Cargando" />
        ) : invoices.isError ? (
          <Alert color="red">{invoices.error.message}</Alert>
        ) : invoices.data.length === 0 ? (
          <Text c="dimmed">Aún no tienes cargos.</Text>
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
                {invoices.data.map((i) => {
                  const [label, color] = STATUS[i.status] ?? [i.status, "gray"];
                  return (
                    <Table.Tr key={i.invoice_id}>
                      <Table.Td>#{i.invoice_id}</Table.Td>
                      <Table.Td>#{i.purchase_id}</Table.Td>
                      <Table.Td>{i.class_package.title}</Table.Td>
                      <Table.Td>{formatMoney(i.total_payment)}</Table.Td>
                      <Table.Td>{formatDate(i.createdAt, tz)}</Table.Td>
                      <Table.Td>{i.period_end ? formatDate(i.period_end, tz) : "—"}</Table.Td>
                      <Table.Td>
                        <Badge color={color}>{label}</Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
