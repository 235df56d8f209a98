import { Badge, Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { deskPaymentText } from "../../../../domain/desk-sale";
import { formatDate, formatMoney } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { providerLabel } from "../../../components/admin/copy";
import { useStaffCan } from "../../../lib/staff-permissions";
import type { AdminPurchase } from "../api";
import { adminCopy } from "../copy";
import { Section } from "./customer-section";
import { FreezeModal } from "./freeze-modal";
import { moneyActionLabels } from "./purchase-money";
import { RefundModal } from "./refund-modal";
import type { AskToConfirm } from "./use-customer-confirm";

const c = adminCopy.customers;

/** What the purchase list carries for refunds and freezes (the API's purchase, decision 0027). */
type MoneyPurchase = AdminPurchase & {
  refunded_total?: number;
  subscription_id?: string | null;
  class_amount?: number | null;
};
const refundedOf = (p: MoneyPurchase) => p.refunded_total ?? 0;
const canRefund = (p: MoneyPurchase) =>
  Boolean(p.credits_granted_at) && p.total_payment > refundedOf(p) && p.status !== "failed";
const canFreeze = (p: MoneyPurchase) =>
  (Boolean(p.subscription_id) && p.status === "active") ||
  (p.class_amount === -1 && p.status === "completed" && refundedOf(p) < p.total_payment);

type MoneyDialog = { kind: "refund" | "freeze"; purchase: MoneyPurchase };

function purchaseColumns(
  timeZone: string,
  refused: ReadonlySet<number>,
  mayRefund: boolean,
  onAsk: AskToConfirm,
  onMoney: (dialog: MoneyDialog) => void,
): AdminColumn<MoneyPurchase>[] {
  return [
    {
      key: "createdAt",
      header: c.date,
      value: (p) => p.createdAt,
      render: (p) => formatDate(p.createdAt, timeZone),
    },
    {
      key: "title",
      header: c.package,
      value: (p) => p.title,
      render: (p) => (
        <Group gap={6}>
          {p.title}
          {p.is_gift ? (
            <Badge size="xs" variant="light" color="grape">
              {c.gift}
            </Badge>
          ) : null}
          {refused.has(p.purchase_id) ? (
            <Badge size="xs" variant="light" color="red">
              {adminCopy.refunds.refusedBadge}
            </Badge>
          ) : null}
          {refundedOf(p) > 0 ? (
            <Text size="xs" c="orange.9" fw={600}>
              {refundedOf(p) >= p.total_payment ? "Reembolsada" : `Reembolso: ${formatMoney(refundedOf(p))}`}
            </Text>
          ) : null}
        </Group>
      ),
    },
    { key: "status", header: c.status, value: (p) => p.status_text },
    {
      key: "provider",
      header: c.provider,
      value: (p) =>
        deskPaymentText(p.provider_ref) ?? p.payment_method_name ?? providerLabel[p.provider] ?? p.provider,
    },
    {
      key: "total",
      header: c.total,
      value: (p) => p.total_payment,
      render: (p) => formatMoney(p.total_payment),
      align: "right",
    },
    {
      key: "actions",
      header: "",
      csv: false,
      sortable: false,
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {p.status === "pending" && p.provider === "cash" ? (
            <Button
              size="compact-sm"
              variant="light"
              color="green"
              onClick={() => onAsk({ kind: "cash", purchase: p })}
            >
              {c.confirmCash}
            </Button>
          ) : null}
          {canFreeze(p) ? (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onMoney({ kind: "freeze", purchase: p })}
            >
              {moneyActionLabels.freeze}
            </Button>
          ) : null}
          {canRefund(p) && mayRefund ? (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              onClick={() => onMoney({ kind: "refund", purchase: p })}
            >
              {moneyActionLabels.refund}
            </Button>
          ) : null}
          {p.status !== "revoked" && p.status !== "failed" ? (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => onAsk({ kind: "revoke", purchase: p })}
            >
              {c.revoke}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
}

/**
 * "Compras": every purchase with its desk actions. Refunds show only to the roles the server lets
 * refund (decision 0069); refund and freeze open their own dialogs, one purchase at a time (0027).
 */
export function CustomerPurchases({
  customerId,
  purchases,
  refusedRefunds,
  timeZone,
  onAsk,
}: {
  customerId: number;
  purchases: AdminPurchase[];
  /** Purchases with a give-back the processor refused, still owed (decision 0142). */
  refusedRefunds: ReadonlySet<number>;
  timeZone: string;
  onAsk: AskToConfirm;
}) {
  const can = useStaffCan();
  const [money, setMoney] = useState<MoneyDialog | null>(null);
  return (
    <Section title={c.purchases}>
      <AdminTable
        caption={c.purchases}
        exportFilename={`compras-${customerId}`}
        columns={purchaseColumns(timeZone, refusedRefunds, can("refund"), onAsk, setMoney)}
        rows={purchases}
        rowKey={(p) => p.purchase_id}
        initialState={{ pageSize: 10 }}
        minWidth={760}
      />
      {money?.kind === "refund" ? (
        <RefundModal customerId={customerId} purchase={money.purchase} onClose={() => setMoney(null)} />
      ) : null}
      {money?.kind === "freeze" ? (
        <FreezeModal
          customerId={customerId}
          purchase={money.purchase}
          timeZone={timeZone}
          onClose={() => setMoney(null)}
        />
      ) : null}
    </Section>
  );
}
