import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { DeskPayment } from "../../../../domain/desk-sale";
import { DeskPaymentFields } from "../../../components/admin/desk-payment-fields";
import { notifyError } from "../../../components/admin/notify";
import { deskLocationId } from "../../../lib/desk-location";
import { type GiftCardSold, useSellGiftCard } from "../api";
import { giftCardsCopy as c } from "../copy";
import { PrintableGiftCard } from "./printable-gift-card";

const newKey = () => `desk-gift-${crypto.randomUUID()}`;

/**
 * The desk sells a gift card at the counter (decision 0123): an amount, paid in cash, at the
 * terminal or by transfer like any counter sale (its drawer's cash close counts it), then the
 * printable card with the code shown this once. One key per open form: a double click is one sale.
 */
export function SellGiftCardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const sell = useSellGiftCard();
  const [amount, setAmount] = useState<number | string>("");
  const [buyer, setBuyer] = useState("");
  const [recipient, setRecipient] = useState("");
  const [payment, setPayment] = useState<DeskPayment>("cash");
  const [reference, setReference] = useState("");
  const [key, setKey] = useState(newKey);
  const [sold, setSold] = useState<(GiftCardSold & { code: string }) | null>(null);
  const value = typeof amount === "number" ? amount : 0;
  const ready =
    Number.isInteger(value) && value >= 100 && value <= 10_000 && buyer.trim() && recipient.trim();
  const close = () => {
    setAmount("");
    setBuyer("");
    setRecipient("");
    setReference("");
    setPayment("cash");
    setKey(newKey());
    setSold(null);
    sell.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={c.sellTitle} centered radius="md">
      {sold ? (
        <Stack gap="sm">
          <PrintableGiftCard sold={sold} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {c.close}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!ready) return;
            sell.mutate(
              {
                amount: value,
                buyer_name: buyer.trim(),
                recipient_name: recipient.trim(),
                payment,
                reference: reference.trim() || null,
                location_id: deskLocationId() ?? null,
                idempotency_key: key,
              },
              { onSuccess: (r) => r.code && setSold({ ...r, code: r.code }), onError: notifyError },
            );
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{c.sellIntro}</Text>
            <NumberInput
              label={c.amount}
              description={c.amountHint}
              value={amount}
              onChange={setAmount}
              min={100}
              max={10_000}
              allowDecimal={false}
              thousandSeparator=","
              prefix="$"
              required
              data-autofocus
            />
            <TextInput
              label={c.buyerName}
              value={buyer}
              onChange={(e) => setBuyer(e.currentTarget.value)}
              maxLength={120}
              required
            />
            <TextInput
              label={c.recipientName}
              value={recipient}
              onChange={(e) => setRecipient(e.currentTarget.value)}
              maxLength={120}
              required
            />
            <DeskPaymentFields
              payment={payment}
              onPayment={setPayment}
              reference={reference}
              onReference={setReference}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {c.cancel}
              </Button>
              <Button type="submit" loading={sell.isPending} disabled={!ready}>
                {c.sellSubmit(value)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
