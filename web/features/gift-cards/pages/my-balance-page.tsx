import { Container, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import { PageHeading } from "../../../components/page-placeholder";
import { usePageTitle } from "../../../lib/use-page-title";
import { useMyBalances, useMyReferrals } from "../api";
import { MovementsTable } from "../components/movements-table";
import { ReferralCard } from "../components/referral-card";
import { giftCardsCopy as c } from "../copy";

/** /mystudio/saldo: saldo a favor with its movements (#account-credit) and the referral link (#referrals). */
export function MyBalancePage() {
  usePageTitle(c.balanceTitle);
  const mine = useMyBalances();
  const referrals = useMyReferrals();
  return (
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <PageHeading title={c.balanceTitle} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: "start" }}>
          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
            <Stack gap="sm">
              <Title order={2} fz="h3">
                {c.creditTitle}
              </Title>
              <Text fz={32} fw={700} data-testid="credit-balance">
                {formatMoney(mine.data?.balance ?? 0)}
              </Text>
              <Text size="sm" c="dimmed">
                {c.creditIntro}
              </Text>
              {mine.data ? (
                <MovementsTable
                  movements={mine.data.movements}
                  caption={c.creditTitle}
                  empty={c.creditEmpty}
                />
              ) : null}
            </Stack>
          </Paper>
          {referrals.data ? <ReferralCard data={referrals.data} /> : null}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
