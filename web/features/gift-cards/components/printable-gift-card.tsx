import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import { createPortal } from "react-dom";
import { studioName } from "../../../../domain/app-config";
import { formatMoney } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import type { GiftCardSold } from "../api";
import { giftCardsCopy as c } from "../copy";

/**
 * The printed sheet is a copy of the card placed directly under <body>: printing hides every other
 * child of <body> (the back office, the modal and its clipping, transformed frame), so the card
 * prints whole at the top of the page. On screen the copy is hidden.
 */
const PRINT_CSS = `.gift-card-print-sheet { display: none; }
@media print {
  body > *:not(.gift-card-print-sheet) { display: none !important; }
  .gift-card-print-sheet { display: block; padding: 24px; max-width: 480px; }
}`;

type Sold = GiftCardSold & { code: string };

function CardFace({ sold, business, testIds }: { sold: Sold; business: string; testIds: boolean }) {
  const card = sold.gift_card;
  const id = (name: string) => (testIds ? name : undefined);
  return (
    <Paper withBorder radius="md" p="lg" data-testid={id("printable-gift-card")}>
      <Stack gap={6} align="center" ta="center">
        <Text fw={700} fz="lg">
          {business}
        </Text>
        <Title order={3} fz={18}>
          {c.printTitle}
        </Title>
        <Text fw={700} fz={32} data-testid={id("printable-amount")}>
          {formatMoney(card.amount)}
        </Text>
        <Text ff="monospace" fw={700} fz={22} data-testid={id("printable-code")} style={{ letterSpacing: 1 }}>
          {sold.code}
        </Text>
        <Text size="sm">{c.printFor(card.recipient_name)}</Text>
        <Text size="sm">{c.printExpires(card.expires_label)}</Text>
        <Text size="xs">{c.printUse}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * The card the desk hands over (decision 0123): the studio's name, the amount, the code (shown
 * once: only its hash is kept) and its expiry, with a print button.
 */
export function PrintableGiftCard({ sold }: { sold: Sold }) {
  const business = studioName(useAppConfig());
  return (
    <Stack gap="sm">
      <style>{PRINT_CSS}</style>
      <CardFace sold={sold} business={business} testIds />
      {createPortal(
        <div className="gift-card-print-sheet">
          <CardFace sold={sold} business={business} testIds={false} />
        </div>,
        document.body,
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: "1 1 200px" }}>
          {c.printOnce}
        </Text>
        <Button leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
          {c.print}
        </Button>
      </Group>
    </Stack>
  );
}
