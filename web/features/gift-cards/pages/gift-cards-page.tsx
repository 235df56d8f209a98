import { Container, SimpleGrid, Stack } from "@mantine/core";
import { PageHeading } from "../../../components/page-placeholder";
import { usePageTitle } from "../../../lib/use-page-title";
import { useMyBalances } from "../api";
import { BalanceCheck } from "../components/balance-check";
import { BuyGiftCardForm } from "../components/buy-gift-card-form";
import { MyGiftCards } from "../components/my-gift-cards";
import { giftCardsCopy as c } from "../copy";

/** /mystudio/tarjetas-de-regalo: buy a card, check a code, the cards I bought (docs/product-rules.md#gift-cards). */
export function GiftCardsPage() {
  usePageTitle(c.title);
  const mine = useMyBalances();
  return (
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <PageHeading title={c.title} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: "start" }}>
          <BuyGiftCardForm />
          <Stack gap="lg">
            <BalanceCheck />
            {mine.data ? <MyGiftCards cards={mine.data.gift_cards_bought} /> : null}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
