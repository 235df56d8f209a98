import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { notifyError } from "../../../components/admin/notify";
import { useRedeemGiftCard } from "../api";
import { giftCardsCopy as c } from "../copy";

/** The desk takes part of a card's balance at the counter (docs/product-rules.md#gift-cards). */
export function RedeemModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const redeem = useRedeemGiftCard();
  const [code, setCode] = useState("");
  const [amount, setAmount] = useState<number | string>("");
  const [note, setNote] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const value = typeof amount === "number" ? amount : Number(amount);
  const close = () => {
    setCode("");
    setAmount("");
    setNote("");
    setDone(null);
    redeem.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={c.redeemTitle} centered radius="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!code.trim() || !(value > 0)) return;
          redeem.mutate(
            { code: code.trim(), amount: value, note: note.trim() || null },
            {
              // Said in the modal, where the desk is looking (the figures are what the customer asks).
              onSuccess: (r) => setDone(c.redeemDone(r.spent, r.balance)),
              onError: notifyError,
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{c.redeemIntro}</Text>
          <TextInput
            label={c.code}
            placeholder="ABCD-EFGH-JKMN-PQRS"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            maxLength={40}
            autoComplete="off"
            required
            disabled={done !== null}
            data-autofocus
            styles={{ input: { fontFamily: "monospace", textTransform: "uppercase" } }}
          />
          <NumberInput
            label={c.redeemAmount}
            value={amount}
            onChange={setAmount}
            min={0.01}
            max={100_000}
            decimalScale={2}
            thousandSeparator=","
            prefix="$"
            required
            disabled={done !== null}
          />
          <TextInput
            label={c.redeemNote}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={200}
          />
          {done ? (
            <Alert color="teal" data-testid="redeem-done" aria-live="polite">
              {done}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {done ? c.close : c.cancel}
            </Button>
            {done ? null : (
              <Button type="submit" loading={redeem.isPending} disabled={!code.trim() || !(value > 0)}>
                {c.redeemSubmit}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
