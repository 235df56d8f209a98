import { Alert, Loader, Modal, Table, Text } from "@mantine/core";
import { periodLabel } from "../../../../domain/fiscal/invoicing";
import { formatDate, formatMoney } from "../../../../domain/format";
import { type FacturaRow, useGlobalPurchases } from "../api";
import { facturasCopy } from "../copy";

const c = facturasCopy.covered;

/** The purchases a factura global covers: each one a concept "Venta" of it (decision 0058). */
export function GlobalPurchasesModal({
  row,
  onClose,
  timeZone,
}: {
  row: FacturaRow | null;
  onClose: () => void;
  timeZone: string;
}) {
  const purchases = useGlobalPurchases(row?.cfdi_id ?? null);
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row?.period ? c.title(periodLabel(row.period)) : ""}
      size="lg"
      radius="md"
    >
      {purchases.isPending ? (
        <Loader size="sm" />
      ) : purchases.isError ? (
        <Alert color="red">{purchases.error.message}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Caption>{c.caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.purchase}</Table.Th>
                <Table.Th>{c.customer}</Table.Th>
                <Table.Th>{c.concept}</Table.Th>
                <Table.Th>{c.paid}</Table.Th>
                <Table.Th ta="right">{c.total}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {purchases.data.map((p) => (
                <Table.Tr key={p.purchase_id}>
                  <Table.Td>{p.purchase_id}</Table.Td>
                  <Table.Td>{p.customer_name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.title}</Text>
                  </Table.Td>
                  <Table.Td>{p.paid_at ? formatDate(p.paid_at, timeZone) : "—"}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
