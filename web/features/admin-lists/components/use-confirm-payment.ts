import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useConfirmInvoice, useConfirmPurchase } from "../api";

/** What "Confirmar pago" is about to confirm (a purchase, or a renewal's charge). */
export type PendingPayment = { kind: "purchase" | "invoice"; id: number; message: string };

/** "Confirmar pago": the row the desk picked, then the confirmation that grants or settles it. */
export function useConfirmPayment() {
  const [pending, setPending] = useState<PendingPayment | null>(null);
  const confirmPurchase = useConfirmPurchase();
  const confirmInvoice = useConfirmInvoice();

  const run = () => {
    if (!pending) return;
    const mutation = pending.kind === "purchase" ? confirmPurchase : confirmInvoice;
    mutation.mutate(pending.id, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        setPending(null);
      },
      onError: notifyError,
    });
  };

  return {
    pending,
    ask: setPending,
    close: () => setPending(null),
    run,
    confirming: confirmPurchase.isPending || confirmInvoice.isPending,
  };
}
