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
import { useEffect } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { formatDate, formatMoney } from "../../../../domain/format";
import { notifySuccess } from "../../../components/notify";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { type PurchaseDetail, useOwnPurchases, usePurchase, useVoucher } from "../api";
import { MercadoPagoReturn } from "../components/mercadopago-return";
import { VoucherPanel } from "../components/voucher-panel";
import { checkoutCopy } from "../copy";
import { methodParamOf } from "../payment-choice";

/**
 * /gracias/:id: what was bought, the credits granted and the next steps (cash: bank details).
 * `?paquete=<id>`: this was the sign-up fee paid first for a package whose payment could not
 * carry it; once paid, the customer is taken back to that package's checkout (decision 0017).
 */
export function ThankYouPage() {
  const id = Number(useParams().id);
  const purchase = usePurchase(id);
  usePageTitle(checkoutCopy.thanksTitle);
  if (purchase.isPending) return <Loader mx="auto" my="xl" role="status" aria-label="Cargando" />;
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
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const backTo = Number(search.get("paquete")) || null;
  // A first package (nothing else paid but the sign-up fee): the next step is the first class.
  // An OXXO voucher or SPEI transfer (decision 0034): what to pay, until when. Only an unpaid order
  // (pending, or failed once its voucher expired) opened without a payment method can have one
  // (OXXO and SPEI orders carry none; a card or cash order carries its option): a card purchase
  // asked anyway and got a 404, a console error on every card thank-you page.
  const voucher = useVoucher(
    p.purchase_id,
    p.provider !== "cash" && p.payment_method === null && (pending || p.status === "failed"),
  );
  const own = useOwnPurchases(true).data ?? [];
  const firstPackage =
    own.filter(
      (o) =>
        (o.status === "completed" || o.status === "active") &&
        o.class_package_id !== config.signup_fee_package_id,
    ).length <= 1;
  useEffect(() => {
    if (!backTo || pending) return;
    notifySuccess(checkoutCopy.backToPackage);
    // Back to the package with the way the fee was just paid preselected (the customer's choice).
    const method = methodParamOf(p.provider);
    navigate(`/checkout/${backTo}${method ? `?metodo=${method}` : ""}`, { replace: true });
  }, [backTo, pending, navigate, p.provider]);
  return (
    <Container size="sm" py={{ base: "lg", sm: 48 }} w="100%">
      <Stack gap="lg">
        <MercadoPagoReturn purchaseId={p.purchase_id} />
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
            <Fact
              label={checkoutCopy.total}
              value={formatMoney(p.total_payment + p.paid_with.reduce((sum, w) => sum + w.total_payment, 0))}
            />
            <Fact
              label={checkoutCopy.status}
              value={<Badge color={pending ? "yellow" : "green"}>{p.status_text}</Badge>}
            />
          </SimpleGrid>
        </Paper>
        {p.paid_with.length > 0 ? (
          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="paid-with">
            {voucher.data && (pending || voucher.data.status === "expired") ? (
              <VoucherPanel voucher={voucher.data} timeZone={tz} />
            ) : null}
            <Title order={2} fz={18} mb="sm">
              {pending ? checkoutCopy.includes : checkoutCopy.paidWith}
            </Title>
            <Table>
              <Table.Tbody>
                {[
                  { purchase_id: p.purchase_id, title: p.title, total_payment: p.total_payment },
                  ...p.paid_with,
                ].map((line) => (
                  <Table.Tr key={line.purchase_id}>
                    <Table.Td>{line.title}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(line.total_payment)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ) : null}
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
            <Button component={Link} to="/calendario">
              {firstPackage ? checkoutCopy.bookFirstClass : checkoutCopy.bookClass}
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
