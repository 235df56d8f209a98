import { Alert, Badge, Text } from "@mantine/core";
import { formatDate, formatMoney } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { providerLabel } from "../../../components/admin/copy";
import type { CustomerDetail } from "../api";
import { adminCopy } from "../copy";
import { Section } from "./customer-section";

const r = adminCopy.refunds;

type CustomerRefund = CustomerDetail["refunds"][number];

/**
 * A give-back the processor refused (decisions 0137, 0142): a renewal charge or a late voucher
 * for a period already paid, which the studio now owes the customer in person.
 */
export const isOwedGiveBack = (refund: CustomerRefund) =>
  refund.status === "failed" && refund.source === "not_applied";

const statusColor: Record<string, string> = { succeeded: "green", pending: "gray", failed: "red" };

function refundColumns(timeZone: string): AdminColumn<CustomerRefund>[] {
  return [
    {
      key: "createdAt",
      header: r.date,
      value: (row) => row.createdAt,
      render: (row) => formatDate(row.createdAt, timeZone),
    },
    { key: "title", header: r.purchase, value: (row) => row.title },
    {
      key: "amount",
      header: r.amount,
      value: (row) => row.amount,
      render: (row) => formatMoney(row.amount),
      align: "right",
    },
    { key: "provider", header: r.method, value: (row) => providerLabel[row.provider] ?? row.provider },
    {
      key: "status",
      header: r.status,
      value: (row) => r.statusText[row.status] ?? row.status,
      render: (row) => (
        <Badge size="sm" variant="light" color={statusColor[row.status] ?? "gray"}>
          {r.statusText[row.status] ?? row.status}
        </Badge>
      ),
    },
    {
      key: "detail",
      header: r.detail,
      value: (row) => row.reason ?? "",
      render: (row) => (
        <Text size="sm" maw={320}>
          {row.reason || "—"}
          {row.status === "failed" && row.failure_code ? (
            <Text span size="xs" c="dimmed" display="block">
              {r.processorCode(row.failure_code)}
            </Text>
          ) : null}
        </Text>
      ),
    },
  ];
}

/** "Reembolsos": every refund of the customer's purchases; shown once there is one. */
export function CustomerRefunds({
  customerId,
  refunds,
  timeZone,
}: {
  customerId: number;
  refunds: CustomerRefund[];
  timeZone: string;
}) {
  if (refunds.length === 0) return null;
  return (
    <Section title={r.title}>
      <AdminTable
        caption={r.title}
        exportFilename={`reembolsos-${customerId}`}
        columns={refundColumns(timeZone)}
        rows={refunds}
        rowKey={(row) => row.refund_id}
        initialState={{ pageSize: 10 }}
        minWidth={760}
      />
    </Section>
  );
}

/** The alert at the top of the record while a refused give-back is still owed. */
export function OwedGiveBackAlert({ refunds }: { refunds: CustomerRefund[] }) {
  const owed = refunds.filter(isOwedGiveBack);
  if (owed.length === 0) return null;
  const total = owed.reduce((sum, row) => sum + row.amount, 0);
  return (
    <Alert color="red" variant="light" title={r.owedTitle}>
      {r.owedHint(owed.length, formatMoney(total))}
    </Alert>
  );
}
