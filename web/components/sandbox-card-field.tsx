import { Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconCreditCard, IconLock } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { cardBrand, expiryPast, parseExpiry } from "../../domain/billing";
import { messages } from "../../domain/messages";
import { luhnValid, tokenizeSandboxCard } from "../../domain/sandbox-card";

/** Shared by checkout and Mis Métodos de Pago (Agregar): both tokenise with the sandbox. */
const cardCopy = {
  cardNumber: "Número de tarjeta",
  cardExpiry: "Vencimiento",
  cardCvc: "CVV",
  cardSecure: "Tus datos de tarjeta no llegan a nuestro servidor.",
};

export type CardFieldState = { complete: boolean; tokenize: () => string };

/** The card's parts as the field and the processor's declines name them. */
export type CardPart = "number" | "expiry" | "cvc";

const groups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

/**
 * What is wrong with each part once the customer tries to pay (decision 0052): an empty part asks
 * to be filled, a part that is there but incomplete or wrong says what it should be.
 */
export function cardPartErrors(
  card: {
    digits: string;
    expiry: string;
    cvc: string;
  },
  now = new Date(),
): Partial<Record<CardPart, string>> {
  const found: Partial<Record<CardPart, string>> = {};
  const brand = card.digits ? cardBrand(card.digits) : null;
  if (!card.digits) found.number = messages.cardNumberRequired;
  else if (card.digits.length < 13 || !luhnValid(card.digits)) found.number = messages.cardNumberInvalid;
  const exp = parseExpiry(card.expiry);
  if (!card.expiry) found.expiry = messages.cardExpiryRequired;
  else if (!exp) found.expiry = messages.cardExpiryInvalid;
  else if (expiryPast(exp, now)) found.expiry = messages.cardExpiryPast;
  if (!card.cvc) found.cvc = messages.cardCvcRequired;
  else if (card.cvc.length !== (brand === "amex" ? 4 : 3)) found.cvc = messages.cardCvcInvalid;
  return found;
}

/**
 * The sandbox processor's card field. The number stays in this component: what leaves it is a
 * token with the test outcome, brand, last four digits and expiry (docs/decisions/
 * 0007-sandbox-card-tokens.md), as a real processor's hosted field would do.
 */
export function SandboxCardField({
  onChange,
  disabled,
  showErrors = false,
  errors = {},
}: {
  onChange: (state: CardFieldState) => void;
  disabled?: boolean;
  /** After a pay attempt: every empty or wrong part says so (otherwise only as they are typed). */
  showErrors?: boolean;
  /** Messages from outside, e.g. a decline that names the CVV; they win over the field's own. */
  errors?: Partial<Record<CardPart, string>>;
}) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const digits = number.replace(/\D/g, "");
  const exp = parseExpiry(expiry);
  const brand = digits ? cardBrand(digits) : null;
  const cvcLength = brand === "amex" ? 4 : 3;
  const numberOk = digits.length >= 13 && digits.length <= 19;
  const complete = numberOk && exp !== null && cvc.length === cvcLength;

  const expMonth = exp?.month ?? 1;
  const expYear = exp?.year ?? 2000;
  useEffect(() => {
    onChange({ complete, tokenize: () => tokenizeSandboxCard(digits, { month: expMonth, year: expYear }) });
  }, [complete, digits, expMonth, expYear, onChange]);

  // While typing: a full-length number that fails its check, an expiry that is complete (MM/AA
  // or MM/AAAA) but wrong or past.
  const expiryDone = /^\d{2}\/(\d{2}|\d{4})$/.test(expiry);
  const typed: Partial<Record<CardPart, string>> = {
    number: digits.length >= 15 && !luhnValid(digits) ? messages.cardNumberInvalid : undefined,
    expiry:
      expiry.length === 7 && !exp
        ? messages.cardExpiryInvalid
        : expiryDone && exp && expiryPast(exp)
          ? messages.cardExpiryPast
          : expiry.length >= 2 && Number(expiry.slice(0, 2)) > 12
            ? messages.cardExpiryInvalid
            : undefined,
  };
  const shown = { ...typed, ...(showErrors ? cardPartErrors({ digits, expiry, cvc }) : {}), ...errors };

  return (
    <Stack gap="xs">
      <TextInput
        label={cardCopy.cardNumber}
        placeholder="4242 4242 4242 4242"
        inputMode="numeric"
        autoComplete="cc-number"
        leftSection={<IconCreditCard size={18} aria-hidden="true" />}
        rightSection={
          brand ? (
            <Text fz={11} fw={700} tt="uppercase">
              {brand === "mastercard" ? "MC" : brand}
            </Text>
          ) : null
        }
        rightSectionWidth={44}
        value={groups(digits)}
        onChange={(e) => setNumber(e.currentTarget.value.replace(/\D/g, "").slice(0, 19))}
        error={shown.number}
        disabled={disabled}
        name="cardnumber"
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={cardCopy.cardExpiry}
          placeholder="MM/AA"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={expiry}
          onChange={(e) => {
            const d = e.currentTarget.value.replace(/\D/g, "").slice(0, 6);
            setExpiry(d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d);
          }}
          error={shown.expiry}
          disabled={disabled}
          name="cc-exp"
        />
        <TextInput
          label={cardCopy.cardCvc}
          placeholder={brand === "amex" ? "1234" : "123"}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={cvc}
          onChange={(e) => setCvc(e.currentTarget.value.replace(/\D/g, "").slice(0, cvcLength))}
          error={shown.cvc}
          disabled={disabled}
          name="cvc"
        />
      </SimpleGrid>
      <Group gap={6} c="dimmed">
        <IconLock size={14} aria-hidden="true" />
        <Text fz="xs">{cardCopy.cardSecure}</Text>
      </Group>
    </Stack>
  );
}
