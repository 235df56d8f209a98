import { Alert, Anchor, Button, Group, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCreditCardOff } from "@tabler/icons-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { Link } from "react-router";
import { formatDate, formatMoney } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import {
  type PaymentIssue,
  type RenewalVoucher,
  simulateRenewalVoucherPayment,
  usePaymentIssues,
  usePayRenewal,
  useRenewalVoucher,
  useSavedCardsForPayment,
} from "../api";

// The voucher (with its barcode library) loads only when a period is paid by OXXO or SPEI.
const VoucherPanel = lazy(() => import("../../checkout/public").then((m) => ({ default: m.VoucherPanel })));

const copy = {
  title: "Actualiza tu tarjeta",
  body: (title: string, amount: string) =>
    `No pudimos cobrar la renovación de ${title} (${amount}). Actualiza tu tarjeta para no perder tu suscripción.`,
  processor: "Volveremos a intentar el cobro con la tarjeta que agregues.",
  cashTitle: "Tu renovación está pendiente de pago",
  cashBody: (title: string, amount: string) =>
    `No hemos recibido el pago de la renovación de ${title} (${amount}). Paga en el estudio o por transferencia; tu periodo se activa cuando el estudio confirme el pago.`,
  nextAttempt: (date: string) => `Volveremos a intentar el cobro el ${date}.`,
  grace: (date: string) => `Puedes seguir reservando con tu suscripción hasta el ${date}.`,
  graceOver: "Mientras no se pague, no puedes reservar con esta suscripción.",
  update: "Actualizar tarjeta",
  card: "Pagar con",
  pay: (amount: string) => `Pagar ${amount} ahora`,
  offline: "¿Prefieres pagar en efectivo o por transferencia? Genera una ficha para este periodo:",
  oxxo: "Pagar en OXXO",
  spei: "Pagar por SPEI",
  voucherIntro: "Tu ficha para pagar este periodo. Al pagarla, tu suscripción sigue activa.",
};

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function IssueAlert({ issue }: { issue: PaymentIssue }) {
  const tz = useAppConfig().timezone;
  const cards = useSavedCardsForPayment(issue.payable_here);
  const pay = usePayRenewal();
  const [chosen, setChosen] = useState<string | null>(null);
  // One key per banner: a double click pays once.
  const key = useMemo(() => newKey(), []);
  const options = (cards.data ?? []).map((c) => ({
    value: String(c.payment_source_id),
    // /metodosPago answers card_type and last_digits (a "brand"/"last4" here once broke the banner).
    label: `${(c.card_type ?? "").toUpperCase()} •••• ${c.last_digits ?? "????"}`,
  }));
  const card = chosen ?? options[0]?.value ?? null;
  const amount = formatMoney(issue.amount);
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      title={issue.cash ? copy.cashTitle : copy.title}
      icon={<IconCreditCardOff size={20} aria-hidden="true" />}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">
          {issue.cash ? copy.cashBody(issue.title, amount) : copy.body(issue.title, amount)}
        </Text>
        {!issue.payable_here && !issue.cash ? <Text size="sm">{copy.processor}</Text> : null}
        {issue.next_attempt_at && !issue.cash ? (
          <Text size="sm">{copy.nextAttempt(formatDate(issue.next_attempt_at, tz))}</Text>
        ) : null}
        {issue.grace_until ? (
          <Text size="sm" fw={600}>
            {new Date(issue.grace_until) > new Date()
              ? copy.grace(formatDate(issue.grace_until, tz))
              : copy.graceOver}
          </Text>
        ) : null}
        <Group gap="sm" wrap="wrap" align="flex-end">
          {issue.payable_here && options.length > 0 ? (
            <>
              <Select
                label={copy.card}
                data={options}
                value={card}
                onChange={setChosen}
                allowDeselect={false}
                size="sm"
                w={220}
              />
              <Button
                color="red"
                size="sm"
                loading={pay.isPending}
                onClick={() =>
                  card &&
                  pay.mutate(
                    { purchase_id: issue.purchase_id, payment_source_id: Number(card), idempotency_key: key },
                    {
                      onSuccess: (res) =>
                        notifications.show({ color: "green", message: res.message, autoClose: 3000 }),
                      onError: (error) =>
                        notifications.show({
                          color: "red",
                          message: (error as Error).message,
                          autoClose: 5000,
                        }),
                    },
                  )
                }
              >
                {copy.pay(amount)}
              </Button>
            </>
          ) : null}
          {issue.cash ? null : (
            <Anchor component={Link} to="/mystudio/metodos" size="sm" fw={600}>
              {copy.update}
            </Anchor>
          )}
        </Group>
        <OfflinePay issue={issue} timeZone={tz} />
      </Stack>
    </Alert>
  );
}

/**
 * OXXO or SPEI for this very period (decision 0134): the buttons, or the open voucher once made.
 * The voucher is the period's, so paying it (or the card first) settles the banner.
 */
function OfflinePay({ issue, timeZone }: { issue: PaymentIssue; timeZone: string }) {
  const make = useRenewalVoucher();
  // One key per banner: a double tap makes one voucher.
  const key = useMemo(() => newKey(), []);
  if (issue.voucher) return <RenewalVoucherPanel voucher={issue.voucher} timeZone={timeZone} />;
  if (issue.offline_methods.length === 0) return null;
  const ask = (method: "oxxo" | "spei") =>
    make.mutate(
      { purchase_id: issue.purchase_id, method, idempotency_key: `${key}-${method}` },
      {
        onError: (error) =>
          notifications.show({ color: "red", message: (error as Error).message, autoClose: 5000 }),
      },
    );
  return (
    <Stack gap={6}>
      <Text size="sm">{copy.offline}</Text>
      <Group gap="sm" wrap="wrap">
        {issue.offline_methods.map((method) => (
          <Button
            key={method}
            variant="default"
            size="sm"
            loading={make.isPending && make.variables?.method === method}
            onClick={() => ask(method)}
            data-testid={`renewal-${method}`}
          >
            {method === "oxxo" ? copy.oxxo : copy.spei}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function RenewalVoucherPanel({ voucher, timeZone }: { voucher: RenewalVoucher; timeZone: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {copy.voucherIntro}
      </Text>
      <Suspense fallback={null}>
        <VoucherPanel
          voucher={{ ...voucher, status: voucher.status === "not_applied" ? "expired" : voucher.status }}
          timeZone={timeZone}
          simulate={() => simulateRenewalVoucherPayment(voucher.renewal_voucher_id)}
        />
      </Suspense>
    </Stack>
  );
}

/** Shown at the top of the account area while a subscription's renewal charge has failed. */
export function PaymentIssueBanner({ enabled }: { enabled: boolean }) {
  const issues = usePaymentIssues(enabled);
  if (!issues.data?.length) return null;
  return (
    <Stack gap="sm" mb="md">
      {issues.data.map((issue) => (
        <IssueAlert key={issue.purchase_id} issue={issue} />
      ))}
    </Stack>
  );
}
