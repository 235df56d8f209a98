import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { z } from "zod";
import type { refundAnswer } from "../../../../domain/api/purchases";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { api } from "../../../lib/api-client";
import { deskLocationId } from "../../../lib/desk-location";
import { type RefundablePurchase, useInvalidateCustomer } from "./purchase-money";

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The desk's refund of a purchase (decision 0027): all that is left or a part of it, with a reason
 * for the customer's email. One idempotency key per dialog, so a double click refunds once.
 * `onDone` runs after the refund went through.
 */
export function useRefund(customerId: number, purchase: RefundablePurchase, onDone: () => void) {
  const invalidate = useInvalidateCustomer(customerId);
  // One key for this dialog: a second click or a retry is the same refund.
  const key = useMemo(() => newKey(), []);
  const left = Math.round((purchase.total_payment - (purchase.refunded_total ?? 0)) * 100) / 100;
  const [mode, setMode] = useState<"all" | "part">("all");
  const [amount, setAmount] = useState<number | string>("");
  const [reason, setReason] = useState("");
  const refund = useMutation({
    mutationFn: () =>
      api.post<z.input<typeof refundAnswer>>(`/purchases/admin/${purchase.purchase_id}/refund`, {
        idempotency_key: key,
        reason,
        ...(mode === "part" ? { amount: Number(amount) } : {}),
        // Whose drawer hands the money back, for a cash or counter refund (decision 0063).
        location_id: deskLocationId(),
      }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      invalidate();
      onDone();
    },
    onError: notifyError,
  });
  return {
    left,
    mode,
    setMode,
    amount,
    setAmount,
    reason,
    setReason,
    /** Paid by card or PayPal: the money goes back there; otherwise the desk hands it back. */
    card: ["sandbox", "stripe", "paypal"].includes(purchase.provider),
    invalid: mode === "part" && (!(Number(amount) > 0) || Number(amount) > left),
    submit: () => refund.mutate(),
    submitting: refund.isPending,
  };
}
