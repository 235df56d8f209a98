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
import { formatMoney } from "../../../../domain/format";
import { SandboxCardField } from "../../../components/sandbox-card-field";
import { giftCardsCopy as c } from "../copy";
import { GiftCardSoldNotice } from "./gift-card-sold";
import { GiftDeliveryFields } from "./gift-delivery-fields";
import { useBuyGiftCardFlow } from "./use-buy-gift-card";

const PRESETS = [500, 1000, 1500, 2000];

/** Buy a gift card online: amount, recipient and message, paid with the card field as checkout is. */
export function BuyGiftCardForm() {
  const flow = useBuyGiftCardFlow();
  const { draft, set, fieldErrors } = flow;

  if (flow.sold) return <GiftCardSoldNotice sold={flow.sold} onAgain={flow.again} />;

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          flow.submit();
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
          <Chip.Group value={String(flow.value)} onChange={(v) => set("amount", Number(v))}>
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
            value={draft.amount}
            onChange={(v) => set("amount", v)}
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
            value={draft.name}
            onChange={(e) => set("name", e.currentTarget.value)}
            error={fieldErrors.name}
            maxLength={120}
            required
          />
          <TextInput
            label={c.recipientEmail}
            description={c.recipientEmailHint}
            type="email"
            value={draft.email}
            onChange={(e) => set("email", e.currentTarget.value)}
            maxLength={200}
          />
          <TextInput
            label={c.recipientWhatsapp}
            description={c.recipientWhatsappHint}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={draft.whatsapp}
            onChange={(e) => set("whatsapp", e.currentTarget.value)}
            error={fieldErrors.whatsapp}
            maxLength={30}
          />
          <Textarea
            label={c.message}
            value={draft.message}
            onChange={(e) => set("message", e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <GiftDeliveryFields
            draft={draft}
            set={set}
            today={flow.today}
            timezone={flow.timezone}
            error={fieldErrors.when}
          />
          <SandboxCardField onChange={flow.onCard} disabled={flow.pending} showErrors={flow.attempted} />
          {flow.error ? (
            <Alert color="red" role="alert">
              {flow.error}
            </Alert>
          ) : null}
          <Button type="submit" size="md" loading={flow.pending} fullWidth>
            {c.pay(flow.amountOk ? flow.value : 0)}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
