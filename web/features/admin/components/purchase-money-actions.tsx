import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { z } from "zod";
import type { freezeAnswer, refundAnswer } from "../../../../domain/api/purchases";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatMoney } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { api } from "../../../lib/api-client";
import { deskLocationId } from "../../../lib/desk-location";
import type { AdminPurchase } from "../api";
import { adminKeys } from "../query-keys";

/**
 * The desk's money actions on a purchase (decision 0027): "Reembolsar" (all or part; one
 * idempotency key per dialog, so a double click refunds once) and "Congelar" (an unlimited
 * membership or a subscription, for a range of days). Both refresh the customer's page.
 */

export type RefundablePurchase = Pick<
  AdminPurchase,
  "purchase_id" | "title" | "total_payment" | "refunded_total" | "provider"
>;

const copy = {
  refund: "Reembolsar",
  refundTitle: (title: string) => `Reembolsar ${title}`,
  paid: (paid: string, refunded: string) => `Pagado: ${paid}. Ya reembolsado: ${refunded}.`,
  all: (left: string) => `Todo lo que queda (${left})`,
  part: "Una parte",
  amount: "Monto a reembolsar (MXN)",
  reason: "Motivo (se incluye en el correo al cliente)",
  howCard: "Se devuelve a la tarjeta o cuenta PayPal con la que se pagó.",
  howDesk: "Se registra como devuelto en mostrador: entrega el dinero al cliente.",
  credits:
    "Se retiran las clases sin usar de esta compra: todas si reembolsas todo; si es una parte, la misma proporción (redondeada), nunca una clase ya tomada.",
  confirm: "Reembolsar",
  cancel: "Cerrar",
  freeze: "Congelar",
  freezeTitle: (title: string) => `Congelar ${title}`,
  from: "Desde (primer día congelado)",
  to: "Hasta (último día congelado)",
  freezeHelp:
    "Mientras está congelada no se cobra ni se puede reservar; el vencimiento y el siguiente cobro se recorren los mismos días.",
  days: (n: number) => (n === 1 ? "1 día" : `${n} días`),
};

function useInvalidateCustomer(customerId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: adminKeys.customer(customerId) });
    void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    void client.invalidateQueries({ queryKey: adminKeys.audit });
    void client.invalidateQueries({ queryKey: adminKeys.lists });
  };
}

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function RefundModal({
  customerId,
  purchase,
  onClose,
}: {
  customerId: number;
  purchase: RefundablePurchase;
  onClose: () => void;
}) {
  const invalidate = useInvalidateCustomer(customerId);
  // One key for this dialog: a second click or a retry is the same refund.
  const key = useMemo(() => newKey(), []);
  const left = Math.round((purchase.total_payment - (purchase.refunded_total ?? 0)) * 100) / 100;
  const [mode, setMode] = useState<"all" | "part">("all");
  const [amount, setAmount] = useState<number | string>("");
  const [reason, setReason] = useState("");
  const refund = useMutation({
    mutationFn: () =>
      api.post<z.input<typeof refundAnswer>>(`/purchases/admin/${purchase.purchase_id}/refund`, {
        idempotency_key: key,
        reason,
        ...(mode === "part" ? { amount: Number(amount) } : {}),
        // Whose drawer hands the money back, for a cash or counter refund (decision 0063).
        location_id: deskLocationId(),
      }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      invalidate();
      onClose();
    },
    onError: notifyError,
  });
  const card = ["sandbox", "stripe", "paypal"].includes(purchase.provider);
  const invalid = mode === "part" && (!(Number(amount) > 0) || Number(amount) > left);
  return (
    <Modal opened onClose={onClose} title={copy.refundTitle(purchase.title)} centered radius="md">
      <Stack gap="md">
        <Text size="sm">
          {copy.paid(formatMoney(purchase.total_payment), formatMoney(purchase.refunded_total ?? 0))}
        </Text>
        <Radio.Group value={mode} onChange={(v) => setMode(v as "all" | "part")} label={copy.refund}>
          <Stack gap={6} mt={6}>
            <Radio value="all" label={copy.all(formatMoney(left))} />
            <Radio value="part" label={copy.part} />
          </Stack>
        </Radio.Group>
        {mode === "part" ? (
          <NumberInput
            label={copy.amount}
            value={amount}
            onChange={setAmount}
            min={0.01}
            max={left}
            decimalScale={2}
            prefix="$"
            thousandSeparator=","
            data-autofocus
          />
        ) : null}
        <Textarea
          label={copy.reason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Alert color="blue" variant="light">
          <Text size="sm">{card ? copy.howCard : copy.howDesk}</Text>
          <Text size="sm" mt={4}>
            {copy.credits}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {copy.cancel}
          </Button>
          <Button
            color="red"
            loading={refund.isPending}
            disabled={invalid || left <= 0}
            onClick={() => refund.mutate()}
          >
            {copy.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function FreezeModal({
  customerId,
  purchase,
  timeZone,
  onClose,
}: {
  customerId: number;
  purchase: { purchase_id: number; title: string };
  timeZone: string;
  onClose: () => void;
}) {
  const invalidate = useInvalidateCustomer(customerId);
  const today = localDay(new Date(), timeZone);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addLocalDays(today, 13));
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  const freeze = useMutation({
    mutationFn: () =>
      api.post<z.input<typeof freezeAnswer>>(`/purchases/admin/${purchase.purchase_id}/freeze`, { from, to }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      invalidate();
      onClose();
    },
    onError: notifyError,
  });
  return (
    <Modal opened onClose={onClose} title={copy.freezeTitle(purchase.title)} centered radius="md">
      <Stack gap="md">
        <Text size="sm">{copy.freezeHelp}</Text>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={copy.from}
            value={from}
            min={today}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={copy.to}
            value={to}
            min={from}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </Group>
        {days > 0 ? <Text size="sm">{copy.days(days)}</Text> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {copy.cancel}
          </Button>
          <Button loading={freeze.isPending} disabled={!(days > 0)} onClick={() => freeze.mutate()}>
            {copy.freeze}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export const moneyActionLabels = { refund: copy.refund, freeze: copy.freeze };
