import { Alert, Anchor, Button, Divider, Paper, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import type { mercadoPagoAnswer, mercadoPagoStatusAnswer } from "../../../../domain/api/checkout";
import { api, isApiError } from "../../../lib/api-client";
import type { ClassPackage } from "../../packages/public";
import { type DiscountCheck, newIdempotencyKey, useRequiredPages } from "../api";
import { checkoutKeys } from "../query-keys";

/** Web-only copy of the Mercado Pago button (decision 0035). */
export const mercadopagoCopy = {
  or: "o",
  pay: "Pagar con Mercado Pago",
  hint: "Paga con tu saldo, tarjeta, OXXO o transferencia en la página de Mercado Pago; al terminar regresas aquí.",
  subscriptionHint:
    "Mercado Pago cobrará cada periodo a la tarjeta que elijas allí; puedes cancelar cuando quieras.",
  accept: "Al continuar aceptas",
  and: "y",
  leaving: "Te llevamos a Mercado Pago…",
  failed: "No pudimos abrir Mercado Pago. Inténtalo de nuevo.",
};

/** Whether the studio takes Mercado Pago (GET /api/checkout/mercadopago). */
export function useMercadoPagoStatus() {
  return useQuery({
    queryKey: checkoutKeys.mercadopago,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof mercadoPagoStatusAnswer>>("/checkout/mercadopago", { signal }),
    staleTime: 60_000,
  });
}

/**
 * 'Pagar con Mercado Pago' under the payment panel: opens the purchase (POST
 * /api/checkout/mercadopago, one idempotency key per attempt) and takes the browser to Mercado
 * Pago's page (Checkout Pro, or a subscription's authorisation). Nothing is shown when the studio
 * does not take Mercado Pago, or takes it for packages only and this is a subscription.
 */
export function MercadoPagoButton({
  pkg,
  discount,
  withFee,
}: {
  pkg: ClassPackage;
  discount: DiscountCheck | null;
  /** The pending sign-up fee is paid in the same payment (decision 0017). */
  withFee: boolean;
}) {
  const status = useMercadoPagoStatus();
  const legal = useRequiredPages().data ?? [];
  const key = useRef(newIdempotencyKey());
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offered = status.data?.enabled && (!pkg.is_subscription || status.data.subscriptions);
  if (!offered) return null;

  async function pay() {
    setError(null);
    setLeaving(true);
    try {
      const started = await api.post<z.input<typeof mercadoPagoAnswer>>("/checkout/mercadopago", {
        class_package_id: pkg.class_package_id,
        discountCode: discount?.discount.code ?? null,
        idempotency_key: key.current,
        ...(withFee ? { include_signup_fee: true } : {}),
      });
      window.location.assign(started.init_point);
    } catch (e) {
      setLeaving(false);
      // A refused attempt gets a new key: the next one is a new purchase.
      key.current = newIdempotencyKey();
      setError(isApiError(e) ? e.message : mercadopagoCopy.failed);
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="mercadopago">
      <Stack gap="sm">
        <Divider label={mercadopagoCopy.or} labelPosition="center" />
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Button
          size="md"
          fullWidth
          color="#009EE3"
          loading={leaving}
          onClick={pay}
          aria-describedby="mercadopago-hint"
        >
          {mercadopagoCopy.pay}
        </Button>
        <Text id="mercadopago-hint" fz="sm" c="dimmed">
          {pkg.is_subscription ? mercadopagoCopy.subscriptionHint : mercadopagoCopy.hint}
        </Text>
        {legal.length > 0 ? (
          <Text fz="xs" c="dimmed">
            {`${mercadopagoCopy.accept} `}
            {legal.map((p, i) => (
              <span key={p.page_id}>
                {i > 0 ? (i === legal.length - 1 ? ` ${mercadopagoCopy.and} ` : ", ") : ""}
                <Anchor component={Link} to={`/${p.slug}`} target="_blank" fz="xs">
                  {p.title}
                </Anchor>
              </span>
            ))}
            .
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
