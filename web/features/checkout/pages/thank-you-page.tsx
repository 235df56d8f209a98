import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCircleCheck, IconClockHour4 } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { formatDate } from "../../../../domain/format";
import { notifySuccess } from "../../../components/notify";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { type PurchaseDetail, useOwnPurchases, usePurchase, useVoucher } from "../api";
import { BankDetails } from "../components/bank-details";
import { MercadoPagoReturn } from "../components/mercadopago-return";
import { GrantedCredits, PaidWith, PurchaseFacts } from "../components/thank-you-details";
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
        <PurchaseFacts purchase={p} />
        {p.paid_with.length > 0 ? <PaidWith purchase={p} voucher={voucher.data} /> : null}
        {p.credits.length > 0 ? <GrantedCredits purchase={p} /> : null}
        {!pending && p.class_package.is_unlimited_membership ? (
          <Text fw={600}>{checkoutCopy.membership}</Text>
        ) : null}
        {!pending && p.class_package.is_online && p.expiration_date ? (
          <Text>{`${checkoutCopy.onlineAccess} ${formatDate(p.expiration_date, tz)}`}</Text>
        ) : null}
        {pending && p.payment_method ? <BankDetails purchase={p} /> : null}
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
