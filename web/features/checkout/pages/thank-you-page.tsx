import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  TypographyStylesProvider,
} from "@mantine/core";
import { IconCircleCheck, IconClockHour4 } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { formatDate, formatMoney } from "../../../../domain/format";
import { usePageTitle } from "../../../lib/use-page-title";
import { useAppConfig } from "../../app-config/api";
import { type PurchaseDetail, usePurchase } from "../api";
import { checkoutCopy } from "../copy";

/** /gracias/:id: what was bought, the credits granted and the next steps (cash: bank details). */
export function ThankYouPage() {
  const id = Number(useParams().id);
  const purchase = usePurchase(id);
  usePageTitle(checkoutCopy.thanksTitle);
  if (purchase.isPending) return <Loader mx="auto" my="xl" aria-label="Cargando" />;
  if (purchase.isError || !purchase.data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{purchase.error?.message}</Alert>
      </Container>
    );
  }
  return <ThankYou purchase={purchase.data} />;
}

function ThankYou({ purchase: p }: { purchase: PurchaseDetail }) {
  const config = useAppConfig();
  const tz = config.timezone;
  const pending = p.status === "pending";
  const bank = p.payment_method?.bank;
  return (
    <Container size="sm" py={{ base: "lg", sm: 48 }} w="100%">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" color={pending ? "yellow" : "green"} variant="light">
            {pending ? <IconClockHour4 /> : <IconCircleCheck />}
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {pending ? checkoutCopy.thanksPending : checkoutCopy.thanksTitle}
          </Title>
        </Group>
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label={checkoutCopy.folio} value={`#${p.purchase_id}`} />
            <Fact label={checkoutCopy.package} value={p.title} />
            <Fact label={checkoutCopy.total} value={formatMoney(p.total_payment)} />
            <Fact
              label={checkoutCopy.status}
              value={<Badge color={pending ? "yellow" : "green"}>{p.status_text}</Badge>}
            />
          </SimpleGrid>
        </Paper>
        {p.credits.length > 0 ? (
          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
            <Title order={2} fz={18} mb="sm">
              {checkoutCopy.credits}
            </Title>
            <Table data-testid="granted-credits">
              <Table.Tbody>
                {p.credits.map((c) => (
                  <Table.Tr key={c.available_class_id}>
                    <Table.Td fw={700}>
                      {c.available_classes === -1
                        ? checkoutCopy.unlimited
                        : `${c.available_classes} ${c.available_classes === 1 ? "crédito" : "créditos"}`}
                    </Table.Td>
                    <Table.Td c="dimmed">
                      {c.expiration_date
                        ? `${checkoutCopy.expires} ${formatDate(c.expiration_date, tz)}`
                        : ""}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ) : null}
        {!pending && p.class_package.is_unlimited_membership ? (
          <Text fw={600}>{checkoutCopy.membership}</Text>
        ) : null}
        {!pending && p.class_package.is_online && p.expiration_date ? (
          <Text>{`${checkoutCopy.onlineAccess} ${formatDate(p.expiration_date, tz)}`}</Text>
        ) : null}
        {pending && p.payment_method ? (
          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="bank-details">
            <Stack gap="sm">
              <Title order={2} fz={18}>
                {checkoutCopy.bankDetails}
              </Title>
              {bank ? (
                <Table>
                  <Table.Tbody>
                    {(
                      [
                        [checkoutCopy.bank, bank.bank ?? config.cash_bank_name],
                        [checkoutCopy.cardNumberBank, bank.card ?? config.cash_bank_card],
                        [checkoutCopy.account, bank.account_number],
                        [checkoutCopy.clabe, bank.clabe ?? config.cash_bank_account],
                        [checkoutCopy.beneficiary, bank.beneficiary ?? config.cash_bank_beneficiary],
                      ] as const
                    )
                      .filter(([, v]) => v)
                      .map(([label, value]) => (
                        <Table.Tr key={label}>
                          <Table.Td c="dimmed">{label}</Table.Td>
                          <Table.Td fw={600}>{value}</Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              ) : null}
              {p.payment_method.instructions ? (
                <TypographyStylesProvider>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: instructions are sanitised by the server */}
                  <div dangerouslySetInnerHTML={{ __html: p.payment_method.instructions }} />
                </TypographyStylesProvider>
              ) : null}
              <Text c="dimmed" fz="sm">
                {checkoutCopy.cashNextStep}
              </Text>
            </Stack>
          </Paper>
        ) : null}
        {p.class_package.file_url ? (
          <Anchor href={p.class_package.file_url} target="_blank" rel="noopener">
            {`${checkoutCopy.download}: ${p.class_package.downloadable?.name ?? p.title}`}
          </Anchor>
        ) : null}
        <Group>
          {!pending && p.credits.length > 0 ? (
            <Button component={Link} to="/mystudio">
              {checkoutCopy.bookClass}
            </Button>
          ) : null}
          <Button component={Link} to="/mystudio/membresias" variant="light">
            {checkoutCopy.myPurchases}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={600} component="div">
        {value}
      </Text>
    </Stack>
  );
}
