import { useState } from "react";
import { centsToNumber, computeTotals } from "../../../../domain/money";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import {
  type DeskSaleInput,
  useCustomerTrial,
  usePackageChoices,
  useSellAtDesk,
  useSellTrialAgain,
  useSellWithSavedCard,
} from "../api";

export type Payment = DeskSaleInput["payment"];
export type CardSource = "terminal" | "saved";

/**
 * The counter sale's flow (decision 0022): the package, how it is paid (cash, the studio's card
 * terminal or a card the customer saved, transfer, gift), the amount charged, and the one request
 * that records it. `onDone` runs after a sale went through.
 */
export function useDeskSale(customerId: number, opened: boolean, onDone: () => void) {
  const packages = usePackageChoices(opened);
  const sell = useSellAtDesk(customerId);
  const sellAgain = useSellTrialAgain(customerId);
  const sellSaved = useSellWithSavedCard(customerId);
  const [trialOverride, setTrialOverride] = useState(false);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [payment, setPayment] = useState<Payment>("cash");
  // A card sale is either recorded from the studio's terminal or charged to a card the customer saved.
  const [cardSource, setCardSource] = useState<CardSource>("terminal");
  const [sourceId, setSourceId] = useState<string | null>(null);
  const savedCard = payment === "card" && cardSource === "saved";
  // One key per sale attempt: a double click or a retry after a network error charges once.
  const [saleKey, setSaleKey] = useState(newIdempotencyKey);
  const [reference, setReference] = useState("");
  const [amount, setAmount] = useState<number | string>("");
  const pkg = packages.data?.class_packages.find((p) => String(p.class_package_id) === packageId);
  // A second trial: warned before the sale (docs/product-rules.md#trial-once).
  const trial = useCustomerTrial(customerId, opened && Boolean(pkg?.is_trial));
  const trialUsed = pkg?.is_trial ? (trial.data?.used ?? null) : null;
  const trialBlocked = Boolean(trialUsed) && !trialOverride;
  const price = pkg ? centsToNumber(computeTotals(pkg).total) : 0;
  // A saved card is charged the package's price; the desk types an amount only for what it records.
  const charged = savedCard || amount === "" ? price : Number(amount) || 0;
  const gift = payment === "gift";

  const choose = (id: string | null) => {
    setPackageId(id);
    setTrialOverride(false);
    setAmount("");
  };
  const done = (res: { message: string }) => {
    notifySuccess(res.message);
    setPackageId(null);
    setPayment("cash");
    setCardSource("terminal");
    setSourceId(null);
    setSaleKey(newIdempotencyKey());
    setReference("");
    setAmount("");
    onDone();
  };
  const submit = () => {
    if (!packageId) return;
    if (savedCard) {
      if (!sourceId) return;
      sellSaved.mutate(
        {
          class_package_id: Number(packageId),
          payment_source_id: Number(sourceId),
          idempotency_key: saleKey,
        },
        {
          onSuccess: done,
          onError: (error) => {
            // A decline leaves that sale failed: trying again (another card) is a new sale.
            setSaleKey(newIdempotencyKey());
            notifyError(error);
          },
        },
      );
      return;
    }
    (trialUsed && trialOverride ? sellAgain : sell).mutate(
      {
        class_package_id: Number(packageId),
        payment,
        reference: payment === "card" || payment === "transfer" ? reference.trim() || null : null,
        amount: gift ? null : charged,
      },
      { onSuccess: done, onError: notifyError },
    );
  };

  return {
    packages: packages.data?.class_packages,
    packageId,
    choose,
    pkg,
    price,
    charged,
    gift,
    payment,
    setPayment,
    cardSource,
    setCardSource,
    savedCard,
    sourceId,
    setSourceId,
    reference,
    setReference,
    amount,
    setAmount,
    trialUsed,
    trialOverride,
    setTrialOverride,
    trialBlocked,
    submitting: sell.isPending || sellAgain.isPending || sellSaved.isPending,
    canSubmit: Boolean(packageId) && !(savedCard && !sourceId) && !trialBlocked && !(savedCard && trialUsed),
    submit,
  };
}
