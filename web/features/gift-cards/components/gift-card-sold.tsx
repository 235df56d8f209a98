import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { formatDateTime } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import type { GiftCardSold } from "../api";
import { giftCardsCopy as c } from "../copy";

/** The code, shown once after the sale (docs/product-rules.md#gift-cards). */
export function GiftCardSoldNotice({ sold, onAgain }: { sold: GiftCardSold; onAgain: () => void }) {
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
