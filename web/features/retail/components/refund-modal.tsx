import { Button, Group, List, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { DESK_PAYMENT_LABELS } from "../../../../domain/desk-sale";
import { centsToNumber, toCents } from "../../../../domain/money";
import { refundSplit } from "../../../../domain/retail";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { deskLocationId } from "../../../lib/desk-location";
import { type Sale, useRefundSale } from "../api";
import { retailCopy as c } from "../copy";

/**
 * The refund of units of a counter sale (decision 0127): how many of each line come back, and
 * before confirming, where the money goes (the drawer by the sale's method, the saldo a favor, the
 * gift card) and to which location's stock the units return. The server's Spanish refusals show
 * as they come.
 */
export function RefundModal({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const refund = useRefundSale();
  const open = sale.lines.filter((l) => l.quantity > l.refunded_quantity);
  const [units, setUnits] = useState<Record<number, number>>(() =>
    Object.fromEntries(open.map((l) => [l.line_id, l.quantity - l.refunded_quantity])),
  );
  const chosen = open
    .map((l) => ({ line: l, quantity: units[l.line_id] ?? 0 }))
    .filter((x) => x.quantity > 0);
  const amountCents = chosen.reduce((sum, x) => sum + x.quantity * toCents(x.line.unit_price), 0);
  const split = refundSplit(
    {
      total_cents: toCents(sale.total),
      refunded_cents: toCents(sale.refunded),
      card_cents: toCents(sale.paid_by_gift_card),
      credit_cents: toCents(sale.paid_by_credit),
      card_back_cents: toCents(sale.refunded_to_gift_card),
      credit_back_cents: toCents(sale.refunded_to_credit),
    },
    amountCents,
  );
  const unitCount = chosen.reduce((sum, x) => sum + x.quantity, 0);
  const amount = centsToNumber(amountCents);
  const submit = () => {
    if (chosen.length === 0) return;
    refund.mutate(
      {
        saleId: sale.sale_id,
        body: {
          lines: chosen.map((x) => ({
            line_id: x.line.line_id,
            quantity: x.quantity,
          })),
          location_id: deskLocationId() ?? null,
        },
      },
      {
        onSuccess: (r) => {
          notifySuccess(c.refundDone(r.amount));
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={c.refundTitle(sale.sale_id)} centered radius="md">
      <Stack gap="sm">
        <Text size="sm">{c.refundHint}</Text>
        {open.map((l) => {
          const left = l.quantity - l.refunded_quantity;
          return (
            <NumberInput
              key={l.line_id}
              label={c.refundUnits(l.title)}
              description={c.refundLineHint(left, l.unit_price)}
              value={units[l.line_id] ?? 0}
              onChange={(v) =>
                setUnits((old) => ({
                  ...old,
                  [l.line_id]: Math.max(0, Math.min(left, Number(v) || 0)),
                }))
              }
              min={0}
              max={left}
              allowDecimal={false}
              allowNegative={false}
            />
          );
        })}
        <Stack gap={4} data-testid="refund-summary">
          <Text fw={600}>{c.refundWhat}</Text>
          {chosen.length === 0 ? (
            <Text size="sm" c="dimmed">
              {c.refundNothing}
            </Text>
          ) : (
            <List size="sm" spacing={2}>
              {split.drawer_cents > 0 ? (
                <List.Item>
                  {c.refundToDrawer(DESK_PAYMENT_LABELS[sale.payment], centsToNumber(split.drawer_cents))}
                </List.Item>
              ) : null}
              {split.credit_cents > 0 ? (
                <List.Item>
                  {c.refundToCredit(centsToNumber(split.credit_cents), sale.customer_name ?? c.theCustomer)}
                </List.Item>
              ) : null}
              {split.card_cents > 0 ? (
                <List.Item>{c.refundToCard(centsToNumber(split.card_cents))}</List.Item>
              ) : null}
              <List.Item>{c.refundStock(unitCount, sale.location_name)}</List.Item>
            </List>
          )}
        </Stack>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {c.cancel}
          </Button>
          <Button color="red" onClick={submit} loading={refund.isPending} disabled={chosen.length === 0}>
            {c.refundConfirm(amount)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
