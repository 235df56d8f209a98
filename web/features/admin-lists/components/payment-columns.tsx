import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatIsoDate, formatMoney, formatTime } from "../../../../domain/format";
import type { AdminColumn } from "../../../components/admin/admin-table";
import { providerLabel } from "../../../components/admin/copy";
import { listsCopy } from "../copy";
import { CustomerLink, DateTimeCell, StatusBadge } from "./cells";

const c = listsCopy.purchases;

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
 * Name over email in one column (the table stays readable at 1280 px); the CSV has them in two
 * columns (customerCsvColumns), so a spreadsheet can sort and filter by either.
 */
export const customerColumn = <
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

export const customerCsvColumns = <
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
export const dateColumns = <R extends { createdAt: string }>(zone: string): AdminColumn<R>[] => [
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
export const paymentColumn = <
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
export const titleColumn = <R extends { title: string }>(
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
export const statusColumn = <R extends { status: string }>(
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

export const totalColumn = <R extends { total_payment: number; discount_total?: number }>(
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
