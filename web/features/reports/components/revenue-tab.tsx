import { BarChart } from "@mantine/charts";
import { SimpleGrid, Stack, Text } from "@mantine/core";
import { formatMoney, formatNumber } from "../../../../domain/format";
import { type Drill, type ReportFilters, type RevenueGroup, useRevenue } from "../api";
import { reportsCopy } from "../copy";
import { IvaByMonthTable } from "./iva-by-month-table";
import { type Column, GroupTable, Help, monthLabel, Section, Stat } from "./report-parts";

const c = reportsCopy;

const revenueColumns: Column<RevenueGroup>[] = [
  { label: c.revenue.group, value: (g) => g.label },
  { label: c.revenue.charged, value: (g) => formatMoney(g.charged), numeric: true },
  { label: c.revenue.refunded, value: (g) => formatMoney(g.refunded), numeric: true },
  { label: c.revenue.net, value: (g) => formatMoney(g.net), numeric: true },
  { label: c.revenue.subtotal, value: (g) => formatMoney(g.subtotal), numeric: true },
];

/** Ingresos: net, subtotal, refunds and recurring revenue, by month, package, method and location. */
export function RevenueTab({ filters, open }: { filters: ReportFilters; open: (d: Drill) => void }) {
  const q = useRevenue(filters);
  const r = c.revenue;
  if (q.error) return <Text c="red">{q.error.message}</Text>;
  const data = q.data;
  if (!data) return null;
  const t = data.totals;
  const drill = (dimension: string, key: string, title: string) =>
    open({ report: "ingresos", params: { dimension, key }, title });
  const groups = (
    title: string,
    dimension: string,
    rows: RevenueGroup[],
    label = (g: RevenueGroup) => g.label,
  ) => (
    <Section title={title}>
      <GroupTable
        rows={rows}
        columns={[{ ...revenueColumns[0]!, value: label }, ...revenueColumns.slice(1)]}
        name={(g) => g.key}
        caption={title}
        onOpen={(g) => drill(dimension, g.key, `${title}: ${label(g)}`)}
      />
    </Section>
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat
          label={r.net}
          value={formatMoney(t.net)}
          detail={r.netDetail(t.charges, t.refunds)}
          onOpen={() => drill("all", "all", r.net)}
        />
        <Stat
          label={r.subtotal}
          value={formatMoney(t.subtotal)}
          detail={`${r.iva}: ${formatMoney(t.iva)}`}
          onOpen={() => drill("all", "all", r.subtotal)}
        />
        <Stat
          label={r.refunded}
          value={formatMoney(t.refunded)}
          onOpen={() => drill("all", "all", r.refunded)}
        />
        <Stat
          label={r.mrr}
          value={formatMoney(data.recurring.mrr)}
          detail={r.mrrDetail(data.recurring.active_subscriptions)}
          onOpen={() => drill("recurring", "recurring", r.mrr)}
        />
      </SimpleGrid>
      <Section title={r.byMonth}>
        <BarChart
          h={240}
          data={data.by_month.map((m) => ({ name: monthLabel(m.key), neto: m.net, sinIva: m.subtotal }))}
          dataKey="name"
          series={[
            { name: "neto", label: r.net, color: "brand.6" },
            { name: "sinIva", label: r.subtotal, color: "gray.5" },
          ]}
          valueFormatter={(v) => formatMoney(v)}
          yAxisProps={{ tickFormatter: (v: number) => `$${formatNumber(v)}`, width: 80 }}
          withLegend
        />
      </Section>
      {groups(r.byMonth, "month", data.by_month, (g) => monthLabel(g.key))}
      {groups(r.byPackage, "package", data.by_package)}
      {groups(r.byMethod, "method", data.by_method)}
      {groups(r.byLocation, "location", data.by_location)}
      <Section title={r.ivaByMonth}>
        <IvaByMonthTable lines={data.iva_by_month} />
      </Section>
      <Help>{r.help}</Help>
    </Stack>
  );
}
