import { Button, Select, Stack, Tabs, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { purchaseStatusText } from "../../../../domain/billing";
import { ivaLabel } from "../../../../domain/fiscal/iva";
import { formatDate, formatIsoDate, formatMoney, formatTime } from "../../../../domain/format";
import type { AdminColumn } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { providerLabel } from "../../../components/admin/copy";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { PackageSelect, PaymentMethodSelect } from "../../../components/choice-selects";
import { useAppConfig } from "../../../lib/app-config";
import {
  type InvoiceRow,
  type PaymentPage,
  type PurchaseRow,
  useConfirmInvoice,
  useConfirmPurchase,
  usePackageOptions,
  usePaymentMethodOptions,
} from "../api";
import { CustomerLink, DateTimeCell, StatusBadge } from "../components/cells";
import { DateRangeFilter, type DayRange, FilterBar, rangeQuery } from "../components/filter-bar";
import { ListTable, type ListTableProps } from "../components/list-table";
import { TotalsBar } from "../components/totals-bar";
import { listsCopy } from "../copy";

const c = listsCopy.purchases;
const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** What "Confirmar pago" is about to confirm (a purchase, or a renewal's charge). */
type Pending = { kind: "purchase" | "invoice"; id: number; message: string };

const statusColor: Record<string, string> = {
  active: "green",
  completed: "teal",
  paid: "green",
  pending: "yellow",
  failed: "red",
  cancelled: "gray",
  revoked: "gray",
  refunded: "grape",
};

/**
 * /admin/compras: purchases and their charges with filters, the totals of the filtered set, CSV,
 * and "Confirmar pago" for the cash payments the desk receives.
 */
export function PurchasesPage() {
  const zone = useAppConfig().timezone;
  const [tab, setTab] = useState<string | null>("purchases");
  const [range, setRange] = useState<DayRange>({ from: "", to: "" });
  const [purchaseStatus, setPurchaseStatus] = useState<string | null>(null);
  const [invoiceStatus, setInvoiceStatus] = useState<string | null>(null);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [provider, setProvider] = useState<string | null>(null);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const packages = usePackageOptions();
  const methods = usePaymentMethodOptions();
  const confirmPurchase = useConfirmPurchase();
  const confirmInvoice = useConfirmInvoice();
  const confirming = confirmPurchase.isPending || confirmInvoice.isPending;

  const shared = {
    ...rangeQuery(range),
    class_package_id: packageId ?? undefined,
    provider: provider ?? undefined,
    payment_method_id: methodId ?? undefined,
  };

  const runConfirm = () => {
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

  const confirmButton = (r: { title: string; customer_name: string }, next: Pending) => (
    <Button
      size="compact-xs"
      variant="light"
      color="green"
      onClick={() => setPending(next)}
      aria-label={`${c.confirm}: ${r.title}, ${r.customer_name}`}
      style={{ minWidth: "max-content" }}
    >
      {c.confirm}
    </Button>
  );
  /** A pending cash purchase (or the first charge of one): confirming it grants the purchase. */
  const confirmPurchaseButton = (r: PurchaseRow | InvoiceRow) =>
    confirmButton(r, {
      kind: "purchase",
      id: r.purchase_id,
      message: c.confirmPurchase(r.title, r.customer_name, formatMoney(r.total_payment)),
    });

  /**
   * Name over email in one column (the table stays readable at 1280 px); the CSV has them in two
   * columns (customerCsvColumns), so a spreadsheet can sort and filter by either.
   */
  const customerColumn = <
    R extends { customer_id: number; customer_name: string; customer_email: string },
  >(): AdminColumn<R> => ({
    key: "customer",
    header: c.customer,
    csv: false,
    value: (r) => `${r.customer_name} <${r.customer_email}>`,
    render: (r) => (
      <Stack gap={0}>
        <CustomerLink id={r.customer_id} name={r.customer_name} />
        <Text size="xs" c="dimmed">
          {r.customer_email}
        </Text>
      </Stack>
    ),
  });
  const customerCsvColumns = <
    R extends { customer_name: string; customer_email: string },
  >(): AdminColumn<R>[] => [
    { key: "customer_name", header: c.name, screen: false, sortable: false, value: (r) => r.customer_name },
    {
      key: "customer_email",
      header: c.email,
      screen: false,
      sortable: false,
      value: (r) => r.customer_email,
    },
  ];
  /**
   * On screen "07 mar 2025, 18:30"; in the CSV the studio's day as 2025-03-07 and the time as
   * 18:30 in columns of their own, which a spreadsheet sorts as dates and times.
   */
  const dateColumns = <R extends { createdAt: string }>(): AdminColumn<R>[] => [
    {
      key: "created_at",
      header: c.date,
      csv: false,
      value: (r) => r.createdAt,
      render: (r) => <DateTimeCell at={r.createdAt} zone={zone} />,
    },
    {
      key: "date",
      header: c.date,
      screen: false,
      sortable: false,
      value: (r) => formatIsoDate(r.createdAt, zone),
    },
    {
      key: "time",
      header: c.time,
      screen: false,
      sortable: false,
      value: (r) => formatTime(r.createdAt, zone),
    },
  ];
  /**
   * How it was really paid: a counter sale's method and reference, OXXO or SPEI (so the day's cash
   * can be counted from the CSV), else the option the customer chose, else the processor.
   */
  const paymentColumn = <
    R extends { provider: string; payment_method: string | null; payment: string | null },
  >(
    sortable: boolean,
  ): AdminColumn<R> => ({
    key: "provider",
    header: c.payment,
    sortable,
    value: (r) => r.payment ?? r.payment_method ?? providerLabel[r.provider] ?? r.provider,
  });
  /** The package over a dimmed line that says more (the kind of purchase, a renewal's period). */
  const titleColumn = <R extends { title: string }>(
    detail: (r: R) => string,
    csv: (r: R) => string,
    nowrap = false,
  ): AdminColumn<R> => ({
    key: "title",
    header: c.package,
    value: csv,
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm">{r.title}</Text>
        {detail(r) ? (
          <Text size="xs" c="dimmed" style={nowrap ? { whiteSpace: "nowrap" } : undefined}>
            {detail(r)}
          </Text>
        ) : null}
      </Stack>
    ),
  });
  /** The status badge and, under it, "Confirmar pago" when the desk can confirm the row. */
  const statusColumn = <R extends { status: string }>(
    text: (r: R) => string,
    action: (r: R) => ReactNode,
  ): AdminColumn<R> => ({
    key: "status",
    header: c.status,
    value: text,
    render: (r) => (
      <Stack gap={6} align="flex-start">
        <StatusBadge color={statusColor[r.status] ?? "gray"}>{text(r)}</StatusBadge>
        {action(r)}
      </Stack>
    ),
  });
  const totalColumn = <R extends { total_payment: number; discount_total?: number }>(
    /** A line under the total (a purchase's IVA). */
    below?: (r: R) => string,
  ): AdminColumn<R> => ({
    key: "total",
    header: c.total,
    align: "right",
    value: (r) => r.total_payment,
    render: (r) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
          {formatMoney(r.total_payment)}
        </Text>
        {r.discount_total ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {c.discountOf(formatMoney(r.discount_total))}
          </Text>
        ) : null}
        {below ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {below(r)}
          </Text>
        ) : null}
      </Stack>
    ),
  });

  const purchaseColumns: AdminColumn<PurchaseRow>[] = [
    ...dateColumns<PurchaseRow>(),
    customerColumn<PurchaseRow>(),
    ...customerCsvColumns<PurchaseRow>(),
    titleColumn<PurchaseRow>(
      (r) => [r.subscription ? c.subscription : null, r.is_gift ? c.gift : null].filter(Boolean).join(" · "),
      (r) => r.title,
    ),
    statusColumn<PurchaseRow>(
      (r) => purchaseStatusText(r, zone),
      (r) => (r.can_confirm ? confirmPurchaseButton(r) : null),
    ),
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

  /** A renewal's billed period (a one-off charge has none). */
  const periodOf = (r: InvoiceRow) =>
    r.period_start && r.period_end
      ? `${formatDate(r.period_start, zone)} – ${formatDate(r.period_end, zone)}`
      : "";

  const invoiceAction = (r: InvoiceRow) => {
    if (r.confirm === "invoice") {
      return confirmButton(r, {
        kind: "invoice",
        id: r.invoice_id,
        message: c.confirmInvoice(r.title, r.customer_name, formatMoney(r.total_payment)),
      });
    }
    return r.confirm === "purchase" ? confirmPurchaseButton(r) : null;
  };

  const invoiceColumns: AdminColumn<InvoiceRow>[] = [
    ...dateColumns<InvoiceRow>(),
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
    statusColumn<InvoiceRow>((r) => c.invoiceStatus[r.status] ?? r.status, invoiceAction),
    paymentColumn<InvoiceRow>(false),
    totalColumn<InvoiceRow>(),
  ];

  /** Every filter may be left on "Todos"; two a line on a phone. */
  const optional = { placeholder: listsCopy.all, clearable: true, w: { base: "calc(50% - 6px)", xs: 190 } };
  const statusFilter =
    tab === "purchases"
      ? { data: options(c.purchaseStatus), value: purchaseStatus, onChange: setPurchaseStatus }
      : { data: options(c.invoiceStatus), value: invoiceStatus, onChange: setInvoiceStatus };
  return (
    <AdminPage title={c.title}>
      <FilterBar label={listsCopy.filters}>
        {/* One select whose options follow the tab; each tab keeps its own choice. */}
        <Select label={c.status} {...statusFilter} {...optional} />
        <PackageSelect
          label={c.package}
          choices={packages.data?.class_packages}
          value={packageId}
          onChange={setPackageId}
          searchable
          {...optional}
        />
        <Select
          label={c.provider}
          data={options(c.providers)}
          value={provider}
          onChange={setProvider}
          {...optional}
        />
        <PaymentMethodSelect
          label={c.method}
          choices={methods.data?.payment_methods}
          value={methodId}
          onChange={setMethodId}
          {...optional}
        />
        <DateRangeFilter value={range} onChange={setRange} clearable />
      </FilterBar>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="purchases">{c.purchasesTab}</Tabs.Tab>
          <Tabs.Tab value="invoices">{c.invoicesTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="purchases">
          <PaymentTable<PurchaseRow>
            path="purchases"
            filters={{ ...shared, status: purchaseStatus ?? undefined }}
            columns={purchaseColumns}
            rowKey={(r) => r.purchase_id}
            caption={c.purchases}
            exportFilename="compras"
            noun={c.purchaseNoun}
            statusLabel={(s) => c.purchaseStatus[s] ?? s}
          />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <PaymentTable<InvoiceRow>
            path="invoices"
            filters={{ ...shared, status: invoiceStatus ?? undefined }}
            columns={invoiceColumns}
            rowKey={(r) => r.invoice_id}
            caption={c.invoices}
            exportFilename="cargos"
            noun={c.invoiceNoun}
            statusLabel={(s) => c.invoiceStatus[s] ?? s}
          />
        </Tabs.Panel>
      </Tabs>
      <ConfirmModal
        opened={pending !== null}
        title={c.confirmTitle}
        message={pending?.message ?? ""}
        confirmLabel={c.confirm}
        color="green"
        loading={confirming}
        onConfirm={runConfirm}
        onClose={() => setPending(null)}
      />
    </AdminPage>
  );
}

/** A payment list, newest first, with the totals of its filtered set above it. */
function PaymentTable<R>({
  noun,
  statusLabel,
  ...props
}: Pick<ListTableProps<R>, "path" | "filters" | "columns" | "rowKey" | "caption" | "exportFilename"> & {
  noun: readonly [string, string];
  statusLabel: (status: string) => string;
}) {
  return (
    <ListTable<R, PaymentPage<R>>
      {...props}
      initialSort={{ key: "created_at", desc: true }}
      searchPlaceholder={c.search}
      header={(data) => <TotalsBar totals={data?.totals} noun={noun} statusLabel={statusLabel} />}
      minWidth={980}
    />
  );
}
