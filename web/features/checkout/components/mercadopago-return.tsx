import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { api, isApiError } from "../../../lib/api-client";
import { checkoutKeys } from "../query-keys";

/**
 * On /gracias/:id after Mercado Pago's page (decision 0035): Mercado Pago appends payment_id
 * (collection_id) or preapproval_id to the address. The server reads that payment from Mercado
 * Pago (never this address's own status) and applies it once; then the page's purchase is read
 * again. A rejected payment says so; anything else leaves the page as the purchase says.
 */
export function MercadoPagoReturn({ purchaseId }: { purchaseId: number }) {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const paymentId = search.get("payment_id") ?? search.get("collection_id");
  const preapprovalId = search.get("preapproval_id");
  const sent = useRef(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const usable = (v: string | null) => (v && /^[\w-]{1,64}$/.test(v) && v !== "null" ? v : undefined);
    const payment = usable(paymentId);
    const preapproval = usable(preapprovalId);
    if (sent.current || (!payment && !preapproval)) return;
    sent.current = true;
    api
      .post("/checkout/mercadopago/return", {
        purchase_id: purchaseId,
        ...(payment ? { payment_id: payment } : { preapproval_id: preapproval }),
      })
      .catch((e: unknown) => {
        if (isApiError(e, 402)) setError(e.message);
      })
      .finally(() => queryClient.invalidateQueries({ queryKey: checkoutKeys.purchases }));
  }, [paymentId, preapprovalId, purchaseId, queryClient]);
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="mercadopago-error">
      {error}
    </Alert>
  );
}
