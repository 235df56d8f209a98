import { Button } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import type { InvoiceRow, PurchaseRow } from "../api";
import { listsCopy } from "../copy";
import type { PendingPayment } from "./use-confirm-payment";

const c = listsCopy.purchases;

/** "Confirmar pago" under a row's status; its label names the row for a screen reader. */
export function ConfirmPaymentButton({
  row,
  onClick,
}: {
  row: { title: string; customer_name: string };
  onClick: () => void;
}) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="green"
      onClick={onClick}
      aria-label={`${c.confirm}: ${row.title}, ${row.customer_name}`}
      style={{ minWidth: "max-content" }}
    >
      {c.confirm}
    </Button>
  );
}

/**
 * What the desk can confirm on each tab: a pending cash purchase (or the first charge of one),
 * whose confirmation grants the purchase, or a renewal's charge.
 */
export function confirmActions(ask: (next: PendingPayment) => void) {
  const purchase = (r: PurchaseRow | InvoiceRow) => (
    <ConfirmPaymentButton
      row={r}
      onClick={() =>
        ask({
          kind: "purchase",
          id: r.purchase_id,
          message: c.confirmPurchase(r.title, r.customer_name, formatMoney(r.total_payment)),
        })
      }
    />
  );
  const invoice = (r: InvoiceRow) => {
    if (r.confirm === "invoice") {
      return (
        <ConfirmPaymentButton
          row={r}
          onClick={() =>
            ask({
              kind: "invoice",
              id: r.invoice_id,
              message: c.confirmInvoice(r.title, r.customer_name, formatMoney(r.total_payment)),
            })
          }
        />
      );
    }
    return r.confirm === "purchase" ? purchase(r) : null;
  };
  return { purchase: (r: PurchaseRow) => (r.can_confirm ? purchase(r) : null), invoice };
}
