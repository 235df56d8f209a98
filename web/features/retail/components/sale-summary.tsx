import { Badge } from "@mantine/core";
import { DESK_PAYMENT_LABELS } from "../../../../domain/desk-sale";
import type { Sale } from "../api";
import { retailCopy as c } from "../copy";

const STATUS_COLOR = {
  paid: "green",
  partly_refunded: "orange",
  refunded: "gray",
} as const;

/** How a sale was paid, one part a line: the gift card, the saldo a favor, the drawer's method. */
export function paidParts(s: Sale): string[] {
  return [
    s.paid_by_gift_card > 0 ? c.paidCard(s.paid_by_gift_card) : null,
    s.paid_by_credit > 0 ? c.paidCredit(s.paid_by_credit) : null,
    s.collected > 0 || (s.paid_by_gift_card === 0 && s.paid_by_credit === 0)
      ? c.paidMethod(DESK_PAYMENT_LABELS[s.payment], s.collected)
      : null,
  ].filter((p): p is string => p !== null);
}

/** The products of a sale on one line: "Agua x 2, Toalla x 1". */
export const linesText = (s: Sale) => s.lines.map((l) => c.line(l.title, l.quantity)).join(", ");

/** Pagada, reembolsada en parte or reembolsada. */
export function SaleStatusBadge({ sale }: { sale: Sale }) {
  return (
    <Badge color={STATUS_COLOR[sale.status]} variant="light" data-testid="sale-status">
      {c.status[sale.status]}
    </Badge>
  );
}
