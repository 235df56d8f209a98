import {
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { useCallback, useRef, useState } from "react";
import { formatMoney } from "../../../../domain/format";
import { type CardFieldState, SandboxCardField } from "../../../components/sandbox-card-field";
import { isApiError } from "../../../lib/api-client";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { type GiftCardSold, useBuyGiftCard } from "../api";
import { giftCardsCopy as c } from "../copy";

const PRESETS = [500, 1000, 1500, 2000];

/** The code, shown once after the sale (docs/product-rules.md#gift-cards). */
function Sold({ sold, onAgain }: { sold: GiftCardSold; onAgain: () => void }) {
  return (
    <Alert color="teal" variant="light" title={c.soldTitle} icon={<IconGift aria-hidden="true" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{c.soldFor(sold.gift_card.recipient_name, sold.gift_card.amount)}</Text>
        {sold.gift_card.recipient_email ? (
          <Text size="sm">{c.sentTo(sold.gift_card.recipient_email)}</Text>
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
  const fieldErrors = {
    amount: attempted && !amountOk ? c.amountInvalid : null,
    name: attempted && !name.trim() ? c.nameRequired : null,
  };

  const submit = () => {
    setAttempted(true);
    setError(null);
    if (!amountOk || !name.trim()) return;
    if (!card.complete) return setError(c.cardIncomplete);
    buy.mutate(
      {
        amount: value,
        recipient_name: name.trim(),
        recipient_email: email.trim() || null,
        message: message.trim() || null,
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
          setMessage("");
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
          <Textarea
            label={c.message}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
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
