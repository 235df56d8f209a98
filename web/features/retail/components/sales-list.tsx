import { Badge, Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { DESK_PAYMENT_LABELS } from "../../../../domain/desk-sale";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { PeriodLocationFilters } from "../../../components/admin/period-location-filters";
import { useAppConfig } from "../../../lib/app-config";
import { deskLocationId } from "../../../lib/desk-location";
import { useStaffCan } from "../../../lib/staff-permissions";
import { useLocations } from "../../calendar/public";
import { type Sale, useSales } from "../api";
import { retailCopy as c } from "../copy";
import { RefundModal } from "./refund-modal";

const STATUS_COLOR = {
  paid: "green",
  partly_refunded: "orange",
  refunded: "gray",
} as const;

/** How a sale was paid, one part a line: the gift card, the saldo a favor, the drawer's method. */
export function paidParts(s: Sale): string[] {
  return [
    s.paid_by_gift_card > 0 ? c.paidCard(s.paid_by_gift_card) : null,
    s.paid_by_credit > 0 ? c.paidCredit(s.paid_by_credit) : null,
    s.collected > 0 || (s.paid_by_gift_card === 0 && s.paid_by_credit === 0)
      ? c.paidMethod(DESK_PAYMENT_LABELS[s.payment], s.collected)
      : null,
  ].filter((p): p is string => p !== null);
}

const linesText = (s: Sale) => s.lines.map((l) => c.line(l.title, l.quantity)).join(", ");

function StatusBadge({ sale }: { sale: Sale }) {
  return (
    <Badge color={STATUS_COLOR[sale.status]} variant="light" data-testid="sale-status">
      {c.status[sale.status]}
    </Badge>
  );
}

/**
 * «Ventas» of /admin/productos (decision 0127): the counter's product sales of a period at a
 * location (the desk's by default), cards on a phone, a table with CSV on a wider screen, and the
 * refund for owner and manager.
 */
export function SalesList() {
  const zone = useAppConfig().timezone;
  const can = useStaffCan();
  const today = localDay(new Date(), zone);
  const [from, setFrom] = useState(() => addLocalDays(today, -6));
  const [to, setTo] = useState(today);
  const [location, setLocation] = useState<string | null>(() => {
    const id = deskLocationId();
    return id ? String(id) : null;
  });
  const [refunding, setRefunding] = useState<Sale | null>(null);
  const locations = useLocations();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  // While a date is being typed (or the period is reversed) the last valid period stays shown.
  const lastValid = useRef({ from, to });
  if (valid) lastValid.current = { from, to };
  const sales = useSales({
    ...lastValid.current,
    location_id: location ? Number(location) : undefined,
  });
  const rows = sales.data ?? [];
  const mayRefund = can("refundRetailSale");
  const refundButton = (s: Sale) =>
    mayRefund && s.status !== "refunded" ? (
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setRefunding(s)}
        aria-label={c.refundOf(s.sale_id)}
      >
        {c.refund}
      </Button>
    ) : null;

  const columns: AdminColumn<Sale>[] = [
    {
      key: "date",
      header: c.colDate,
      value: (s) => formatDateTime(s.createdAt, zone),
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(s.createdAt, zone)}</Text>
          <Text size="xs" c="dimmed">
            #{s.sale_id} · {s.location_name}
          </Text>
        </Stack>
      ),
      sortable: false,
    },
    {
      key: "location",
      header: c.colLocation,
      value: (s) => s.location_name,
      screen: false,
    },
    {
      key: "lines",
      header: c.colLines,
      value: linesText,
      render: (s) => (
        <Stack gap={0}>
          {s.lines.map((l) => (
            <Text size="sm" key={l.line_id}>
              {c.line(l.title, l.quantity)}
              {l.refunded_quantity > 0 ? (
                <Text span size="xs" c="dimmed">
                  {" "}
                  ({c.lineBack(l.refunded_quantity)})
                </Text>
              ) : null}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: "customer",
      header: c.colCustomer,
      value: (s) => s.customer_name ?? c.noCustomer,
    },
    {
      key: "total",
      header: c.colTotal,
      value: (s) => s.total,
      render: (s) => formatMoney(s.total),
      align: "right",
    },
    {
      key: "paid",
      header: c.colPaid,
      value: (s) => paidParts(s).join("; "),
      render: (s) => (
        <Stack gap={0}>
          {paidParts(s).map((p) => (
            <Text size="sm" key={p}>
              {p}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: "status",
      header: c.colStatus,
      value: (s) => c.status[s.status],
      render: (s) => (
        <Stack gap={2}>
          <StatusBadge sale={s} />
          {s.refunded > 0 ? (
            <Text size="xs" c="dimmed">
              {c.refundedAmount(s.refunded)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    ...(mayRefund
      ? [
          {
            key: "actions",
            header: c.colActions,
            csv: false,
            sortable: false,
            render: refundButton,
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md" data-testid="sales-list">
      <PeriodLocationFilters
        labels={c}
        from={from}
        to={to}
        onFrom={setFrom}
        onTo={setTo}
        valid={valid}
        location={location}
        onLocation={setLocation}
        locations={locations.data?.locations ?? []}
      />
      {sales.error ? (
        <Paper withBorder radius="md" p="md" role="alert">
          <Group justify="space-between">
            <Text>{c.salesError}</Text>
            <Button variant="light" onClick={() => sales.refetch()}>
              {c.retry}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {/* A phone: one card a sale. */}
      <Stack gap="sm" hiddenFrom="sm" data-testid="sales-cards">
        {sales.isLoading ? <Loader size="sm" role="status" aria-label={c.loading} /> : null}
        {!sales.isLoading && !sales.error && rows.length === 0 ? (
          <Text c="dimmed">{c.salesEmpty}</Text>
        ) : null}
        {rows.map((s) => (
          <Paper key={s.sale_id} withBorder radius="md" p="sm" data-testid="sale-card">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {formatDateTime(s.createdAt, zone)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    #{s.sale_id} · {s.location_name} · {s.customer_name ?? c.noCustomer}
                  </Text>
                </Stack>
                <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                  {formatMoney(s.total)}
                </Text>
              </Group>
              <Text size="sm">{linesText(s)}</Text>
              <Text size="xs" c="dimmed">
                {paidParts(s).join(" · ")}
              </Text>
              <Group justify="space-between">
                <Group gap="xs">
                  <StatusBadge sale={s} />
                  {s.refunded > 0 ? (
                    <Text size="xs" c="dimmed">
                      {c.refundedAmount(s.refunded)}
                    </Text>
                  ) : null}
                </Group>
                {refundButton(s)}
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {/* A wider screen: the admin table with its CSV. */}
      <Stack visibleFrom="sm">
        <AdminTable
          columns={columns}
          rows={rows}
          rowKey={(s) => s.sale_id}
          caption={c.salesCaption}
          exportFilename={`${c.salesFile}-${lastValid.current.from}-${lastValid.current.to}`}
          loading={sales.isLoading}
          emptyText={c.salesEmpty}
          minWidth={900}
        />
      </Stack>
      {rows.length >= 200 ? (
        <Text size="xs" c="dimmed">
          {c.salesLimit}
        </Text>
      ) : null}
      {refunding ? <RefundModal sale={refunding} onClose={() => setRefunding(null)} /> : null}
    </Stack>
  );
}
