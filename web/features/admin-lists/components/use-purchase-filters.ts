import { useState } from "react";
import { type DayRange, rangeQuery } from "../components/filter-bar";

/**
 * The filters of /admin/compras: the package, processor, method and days apply to both tabs;
 * each tab keeps its own status, as their statuses differ.
 */
export function usePurchaseFilters() {
  const [tab, setTab] = useState<string | null>("purchases");
  const [range, setRange] = useState<DayRange>({ from: "", to: "" });
  const [purchaseStatus, setPurchaseStatus] = useState<string | null>(null);
  const [invoiceStatus, setInvoiceStatus] = useState<string | null>(null);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [provider, setProvider] = useState<string | null>(null);
  const [methodId, setMethodId] = useState<string | null>(null);

  const shared = {
    ...rangeQuery(range),
    class_package_id: packageId ?? undefined,
    provider: provider ?? undefined,
    payment_method_id: methodId ?? undefined,
  };

  return {
    tab,
    setTab,
    range,
    setRange,
    purchaseStatus,
    setPurchaseStatus,
    invoiceStatus,
    setInvoiceStatus,
    packageId,
    setPackageId,
    provider,
    setProvider,
    methodId,
    setMethodId,
    purchaseQuery: { ...shared, status: purchaseStatus ?? undefined },
    invoiceQuery: { ...shared, status: invoiceStatus ?? undefined },
  };
}

export type PurchaseFilters = ReturnType<typeof usePurchaseFilters>;
