import { Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { AdminTable } from "../../../components/admin/admin-table";
import { PeriodLocationFilters } from "../../../components/admin/period-location-filters";
import { useAppConfig } from "../../../lib/app-config";
import { deskLocationId } from "../../../lib/desk-location";
import { useStaffCan } from "../../../lib/staff-permissions";
import { useLocations } from "../../calendar/public";
import { type Sale, useSales } from "../api";
import { retailCopy as c } from "../copy";
import { RefundModal } from "./refund-modal";
import { SaleCard } from "./sale-card";
import { saleColumns } from "./sale-columns";

export { paidParts } from "./sale-summary";

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

  const columns = saleColumns(zone, mayRefund ? refundButton : null);

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
          <SaleCard key={s.sale_id} sale={s} zone={zone} action={refundButton(s)} />
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
