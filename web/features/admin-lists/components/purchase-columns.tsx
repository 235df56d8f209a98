import type { ReactNode } from "react";
import { purchaseStatusText } from "../../../../domain/billing";
import { ivaLabel } from "../../../../domain/fiscal/iva";
import { formatDate, formatIsoDate, formatMoney } from "../../../../domain/format";
import type { AdminColumn } from "../../../components/admin/admin-table";
import type { InvoiceRow, PurchaseRow } from "../api";
import { listsCopy } from "../copy";
import {
  customerColumn,
  customerCsvColumns,
  dateColumns,
  paymentColumn,
  statusColumn,
  titleColumn,
  totalColumn,
} from "./payment-columns";

const c = listsCopy.purchases;

/** The columns of the purchases tab; `action` is what the desk can do under a row's status. */
export function purchaseColumns(
  zone: string,
  action: (r: PurchaseRow) => ReactNode,
): AdminColumn<PurchaseRow>[] {
  return [
    ...dateColumns<PurchaseRow>(zone),
    customerColumn<PurchaseRow>(),
    ...customerCsvColumns<PurchaseRow>(),
    titleColumn<PurchaseRow>(
      (r) => [r.subscription ? c.subscription : null, r.is_gift ? c.gift : null].filter(Boolean).join(" · "),
      (r) => r.title,
    ),
    statusColumn<PurchaseRow>((r) => purchaseStatusText(r, zone), action),
    paymentColumn<PurchaseRow>(true),
    {
      key: "refunded",
      header: "Reembolsado",
      align: "right",
      value: (r) => r.refunded_total,
      render: (r) => (r.refunded_total > 0 ? formatMoney(r.refunded_total) : "—"),
    },
    // Subtotal and IVA of the total (decision 0032, domain/fiscal/iva.ts): CSV columns as numbers;
    // on screen a line under the total says them.
    { key: "subtotal", header: "Subtotal", screen: false, sortable: false, value: (r) => r.subtotal },
    { key: "iva", header: "IVA", screen: false, sortable: false, value: (r) => r.iva },
    {
      key: "iva_rate",
      header: "Tasa IVA",
      screen: false,
      sortable: false,
      value: (r) => (r.iva_rate === "exento" ? "Exento" : `${r.iva_rate} %`),
    },
    totalColumn<PurchaseRow>((r) => `${ivaLabel(r.iva_rate)} ${formatMoney(r.iva)}`),
  ];
}

/** The columns of the charges tab (a renewal's period under its package). */
export function invoiceColumns(
  zone: string,
  action: (r: InvoiceRow) => ReactNode,
): AdminColumn<InvoiceRow>[] {
  /** A renewal's billed period (a one-off charge has none). */
  const periodOf = (r: InvoiceRow) =>
    r.period_start && r.period_end
      ? `${formatDate(r.period_start, zone)} – ${formatDate(r.period_end, zone)}`
      : "";
  return [
    ...dateColumns<InvoiceRow>(zone),
    customerColumn<InvoiceRow>(),
    ...customerCsvColumns<InvoiceRow>(),
    titleColumn<InvoiceRow>(periodOf, (r) => r.title, true),
    // A renewal's period in the CSV as two sortable days, when it has one (on screen: under the
    // package); a one-off charge leaves both empty.
    {
      key: "period_start",
      header: c.periodFrom,
      screen: false,
      sortable: false,
      value: (r) => (periodOf(r) ? formatIsoDate(r.period_start, zone) : ""),
    },
    {
      key: "period_end",
      header: c.periodTo,
      screen: false,
      sortable: false,
      value: (r) => (periodOf(r) ? formatIsoDate(r.period_end, zone) : ""),
    },
    statusColumn<InvoiceRow>((r) => c.invoiceStatus[r.status] ?? r.status, action),
    paymentColumn<InvoiceRow>(false),
    totalColumn<InvoiceRow>(),
  ];
}
