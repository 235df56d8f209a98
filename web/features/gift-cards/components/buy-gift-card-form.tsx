import {
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { useCallback, useRef, useState } from "react";
import { addLocalDays, localDay, zonedInstant } from "../../../../domain/booking";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import { mexicanMobile } from "../../../../domain/messaging/phone";
import { type CardFieldState, SandboxCardField } from "../../../components/sandbox-card-field";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { type GiftCardSold, useBuyGiftCard } from "../api";
import { giftCardsCopy as c } from "../copy";

const PRESETS = [500, 1000, 1500, 2000];

/** The code, shown once after the sale (docs/product-rules.md#gift-cards). */
function Sold({ sold, onAgain }: { sold: GiftCardSold; onAgain: () => void }) {
  const { timezone } = useAppConfig();
  const card = sold.gift_card;
  const to = [card.recipient_email, card.recipient_whatsapp].filter(Boolean).join(" y ");
  return (
    <Alert color="teal" variant="light" title={c.soldTitle} icon={<IconGift aria-hidden="true" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{c.soldFor(sold.gift_card.recipient_name, sold.gift_card.amount)}</Text>
        {to && card.delivered_at ? <Text size="sm">{c.sentTo(to)}</Text> : null}
        {to && !card.delivered_at && card.deliver_at ? (
          <Text size="sm">{c.willSendTo(to, formatDateTime(card.deliver_at, timezone))}</Text>
        ) : null}
        {sold.code ? (
          <>
            <Text size="sm" fw={600}>
              {c.soldCode}
            </Text>
            <Text ff="monospace" fz={22} fw={700} data-testid="gift-card-code">
              {sold.code}
            </Text>
          </>
        ) : null}
        <Text size="sm">{c.expires(sold.gift_card.expires_label)}</Text>
        <Button variant="light" onClick={onAgain}>
          {c.buyAnother}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Buy a gift card online: amount, recipient and message, paid with the card field as checkout is. */
export function BuyGiftCardForm() {
  const buy = useBuyGiftCard();
  const { timezone } = useAppConfig();
  const [when, setWhen] = useState<"now" | "later">("now");
  const [day, setDay] = useState("");
  const [time, setTime] = useState("09:00");
  const [whatsapp, setWhatsapp] = useState("");
  const [amount, setAmount] = useState<number | string>(500);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [card, setCard] = useState<CardFieldState>({ complete: false, tokenize: () => "" });
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sold, setSold] = useState<GiftCardSold | null>(null);
  const key = useRef(newIdempotencyKey());
  const onCard = useCallback((state: CardFieldState) => setCard(state), []);

  const value = typeof amount === "number" ? amount : Number(amount);
  const amountOk = Number.isInteger(value) && value >= 100 && value <= 10_000;
  const today = localDay(new Date(), timezone);
  // A date and time on the studio's clock, from now to a year ahead (decision 0131).
  const whenProblem = (() => {
    if (when === "now") return null;
    if (!email.trim() && !whatsapp.trim()) return c.deliverNeedsChannel;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return c.deliverOnRequired;
    if (zonedInstant(day, time, timezone).getTime() < Date.now() - 60_000) return c.deliverPast;
    if (day > addLocalDays(today, 365)) return c.deliverTooFar;
    return null;
  })();
  const whatsappOk = !whatsapp.trim() || mexicanMobile(whatsapp) !== null;
  const fieldErrors = {
    amount: attempted && !amountOk ? c.amountInvalid : null,
    name: attempted && !name.trim() ? c.nameRequired : null,
    whatsapp: attempted && !whatsappOk ? c.whatsappInvalid : null,
    when: attempted ? whenProblem : null,
  };

  const submit = () => {
    setAttempted(true);
    setError(null);
    if (!amountOk || !name.trim() || !whatsappOk || whenProblem) return;
    if (!card.complete) return setError(c.cardIncomplete);
    buy.mutate(
      {
        amount: value,
        recipient_name: name.trim(),
        recipient_email: email.trim() || null,
        recipient_whatsapp: whatsapp.trim() || null,
        message: message.trim() || null,
        deliver_on: when === "later" ? day : null,
        deliver_time: when === "later" ? time : null,
        idempotency_key: key.current,
        payment_method: card.tokenize(),
      },
      {
        onSuccess: (answer) => {
          setSold(answer);
          key.current = newIdempotencyKey();
        },
        onError: (e) => setError(isApiError(e) ? e.message : String(e)),
      },
    );
  };

  if (sold)
    return (
      <Sold
        sold={sold}
        onAgain={() => {
          setSold(null);
          setName("");
          setEmail("");
          setWhatsapp("");
          setMessage("");
          setWhen("now");
          setDay("");
          setAttempted(false);
        }}
      />
    );

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={2} fz="h3">
              {c.buyTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {c.buyIntro}
            </Text>
          </div>
          <Chip.Group value={String(value)} onChange={(v) => setAmount(Number(v))}>
            <Group gap="xs" role="group" aria-label={c.amount}>
              {PRESETS.map((p) => (
                <Chip key={p} value={String(p)} variant="outline">
                  {formatMoney(p)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <NumberInput
            label={c.amount}
            description={c.amountHint}
            value={amount}
            onChange={setAmount}
            min={100}
            max={10_000}
            step={100}
            allowDecimal={false}
            thousandSeparator=","
            prefix="$"
            error={fieldErrors.amount}
            required
          />
          <TextInput
            label={c.recipientName}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
            maxLength={120}
            required
          />
          <TextInput
            label={c.recipientEmail}
            description={c.recipientEmailHint}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            maxLength={200}
          />
          <TextInput
            label={c.recipientWhatsapp}
            description={c.recipientWhatsappHint}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={whatsapp}
            onChange={(e) => setWhatsapp(e.currentTarget.value)}
            error={fieldErrors.whatsapp}
            maxLength={30}
          />
          <Textarea
            label={c.message}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="gift-when-label">
              {c.deliverWhen}
            </Text>
            <SegmentedControl
              aria-labelledby="gift-when-label"
              value={when}
              onChange={(v) => {
                setWhen(v as "now" | "later");
                if (v === "later" && !day) setDay(addLocalDays(today, 1));
              }}
              data={[
                { value: "now", label: c.deliverNow },
                { value: "later", label: c.deliverLater },
              ]}
              fullWidth
            />
            {when === "later" ? (
              <Group grow align="flex-start">
                <TextInput
                  type="date"
                  label={c.deliverOn}
                  value={day}
                  min={today}
                  max={addLocalDays(today, 365)}
                  onChange={(e) => setDay(e.currentTarget.value)}
                  error={fieldErrors.when}
                  required
                />
                <TextInput
                  type="time"
                  label={c.deliverTime}
                  value={time}
                  onChange={(e) => setTime(e.currentTarget.value)}
                  required
                />
              </Group>
            ) : null}
            <Text size="xs" c="dimmed">
              {when === "later" ? c.deliverLaterHint(timezone) : c.deliverNowHint}
            </Text>
          </Stack>
          <SandboxCardField onChange={onCard} disabled={buy.isPending} showErrors={attempted} />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" size="md" loading={buy.isPending} fullWidth>
            {c.pay(amountOk ? value : 0)}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
