import { Alert, Container, Grid, Loader, Paper, Stack, Tabs, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { PageHeading } from "../../../components/page-placeholder";
import { useAppConfig } from "../../../lib/app-config";
import { useCurrentUser } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import { SignInForm, SignUpForm } from "../../auth/public";
import { usePackage } from "../../packages/public";
import { type DiscountCheck, useCheckoutOptions, usePendingPages, useSignupFee } from "../api";
import { RequiredPageModal, SignupFeeModal } from "../components/checkout-modals";
import { DiscountForm } from "../components/discount-form";
import { MercadoPagoButton } from "../components/mercadopago-button";
import { PackageSummary } from "../components/package-summary";
import { PaymentPanel } from "../components/payment-panel";
import { checkoutCopy } from "../copy";
import { METHOD_PARAM } from "../payment-choice";

/**
 * /checkout/:id: purchase of a class package (docs/product-rules.md#checkout). A pending sign-up
 * fee rides along in the same payment for a one-off package; a subscription's first charge is the
 * processor's, so its fee is paid first in the fee's checkout (?paquete= brings the customer back).
 */
export function CheckoutPage() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const thenPackageId = Number(search.get("paquete")) || undefined;
  const requested = METHOD_PARAM[search.get("metodo") ?? ""] ?? null;
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const signedIn = Boolean(user.data?.customer_id);
  const pkg = usePackage(id);
  const options = useCheckoutOptions();
  const signupFee = useSignupFee(signedIn);
  const pending = usePendingPages(signedIn);
  const [discount, setDiscount] = useState<DiscountCheck | null>(null);
  const [feeModal, setFeeModal] = useState(false);
  usePageTitle(pkg.data?.title ?? checkoutCopy.title);

  const fee = config.signup_fee_package_id;
  // The server says whether this checkout adds the fee or another open order carries it.
  const feeState = signupFee.data?.state;
  const needsFee = Boolean(
    fee && pkg.data && !pkg.data.is_trial && pkg.data.class_package_id !== fee && feeState === "due",
  );
  const carried = pkg.data && !pkg.data.is_trial ? (signupFee.data?.carried ?? null) : null;
  // The fee itself is not bought again while an order carries it (the server answers 409).
  const feeAlreadyCarried = Boolean(carried && pkg.data?.class_package_id === fee);
  // A one-off package carries the fee in its own payment; only a subscription sends the customer
  // to pay the fee first (decision 0017).
  const feeFirst = needsFee && Boolean(pkg.data?.is_subscription);
  const feePkg = usePackage(needsFee && !feeFirst ? (fee ?? 0) : 0);
  useEffect(() => setFeeModal(feeFirst), [feeFirst]);

  if (pkg.isPending) return <Loader mx="auto" my="xl" role="status" aria-label="Cargando" />;
  if (pkg.isError || !pkg.data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{checkoutCopy.packageMissing}</Alert>
      </Container>
    );
  }
  const refresh = () => queryClient.invalidateQueries();
  const firstPending = pending.data?.[0];

  return (
    <Container size="lg" py={{ base: "lg", sm: 40 }} w="100%">
      <Stack gap="lg">
        <PageHeading title={checkoutCopy.title} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PackageSummary pkg={pkg.data} discount={discount} fee={feePkg.data ?? null}>
              {config.discounts_enabled && signedIn ? (
                <DiscountForm
                  classPackageId={pkg.data.class_package_id}
                  applied={discount}
                  onApplied={setDiscount}
                />
              ) : null}
            </PackageSummary>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {user.isPending ? (
              <Loader mx="auto" />
            ) : !signedIn ? (
              <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
                <Stack>
                  <Text fw={600}>{checkoutCopy.signInToBuy}</Text>
                  <AuthTabs onDone={refresh} checkoutId={id} />
                </Stack>
              </Paper>
            ) : options.isPending || signupFee.isPending || (needsFee && !feeFirst && feePkg.isPending) ? (
              <Loader mx="auto" />
            ) : feeAlreadyCarried ? (
              <Alert color="blue" data-testid="signup-fee-carried">
                {carried?.message}
              </Alert>
            ) : (
              <Stack gap="md">
                {carried ? (
                  <Alert variant="light" color="blue" p="xs" data-testid="signup-fee-carried">
                    {carried.message} {checkoutCopy.signupFeeNotAgain}
                  </Alert>
                ) : null}
                <PaymentPanel
                  pkg={pkg.data}
                  options={options.data ?? []}
                  discount={discount}
                  fee={needsFee && !feeFirst ? (feePkg.data ?? null) : null}
                  thenPackageId={thenPackageId}
                  requested={requested}
                />
                <MercadoPagoButton pkg={pkg.data} discount={discount} withFee={needsFee && !feeFirst} />
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
      {fee ? (
        <SignupFeeModal
          feePackageId={fee}
          returnTo={id}
          opened={feeModal}
          onClose={() => setFeeModal(false)}
        />
      ) : null}
      {firstPending ? <RequiredPageModal page={firstPending} onAccepted={() => pending.refetch()} /> : null}
    </Container>
  );
}

/** Sign-in or sign-up in place, with the accounts feature's forms. */
function AuthTabs({ onDone, checkoutId }: { onDone: () => void; checkoutId: number }) {
  const [tab, setTab] = useState<string | null>("signin");
  const redirect = encodeURIComponent(`/checkout/${checkoutId}`);
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List grow>
        <Tabs.Tab value="signin">{checkoutCopy.signIn}</Tabs.Tab>
        <Tabs.Tab value="signup">{checkoutCopy.signUp}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="signin" pt="md">
        <SignInForm
          onSignedIn={onDone}
          onSwitchToSignUp={() => setTab("signup")}
          signUpHref={`/registro?redirect=${redirect}`}
        />
      </Tabs.Panel>
      <Tabs.Panel value="signup" pt="md">
        <SignUpForm onSignedIn={onDone} onSwitchToSignIn={() => setTab("signin")} />
      </Tabs.Panel>
    </Tabs>
  );
}
