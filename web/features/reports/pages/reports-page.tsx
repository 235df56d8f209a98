import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Button, SimpleGrid, Stack, Table, Tabs, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatDateTime, formatMoney, formatNumber } from "../../../../domain/format";
import { AdminPage } from "../../../components/admin/page-frame";
import { PeriodLocationFilters } from "../../../components/admin/period-location-filters";
import { useAppConfig } from "../../../lib/app-config";
import { useLocations } from "../../calendar/public";
import {
  type Drill,
  type ReportFilters,
  type ReportName,
  type RevenueGroup,
  reportCsvHref,
  type UtilisationGroup,
  useLiability,
  useRevenue,
  useUtilisation,
} from "../api";
import { CoachPayTab } from "../components/coach-pay";
import { CustomerValueTab, IntroTab, RetentionTab } from "../components/customer-tabs";
import { DrillModal } from "../components/drill-modal";
import {
  type Column,
  GroupTable,
  Heatmap,
  Help,
  monthLabel,
  pct,
  Section,
  Stat,
} from "../components/report-parts";
import { reportsCopy } from "../copy";

const c = reportsCopy;
type Tab = ReportName | "nomina";

const utilisationColumns: Column<UtilisationGroup>[] = [
  { label: c.utilisation.group, value: (g) => g.key },
  { label: c.utilisation.seats, value: (g) => formatNumber(g.seats), numeric: true },
  { label: c.utilisation.capacity, value: (g) => formatNumber(g.capacity), numeric: true },
  { label: c.utilisation.rate, value: (g) => pct(g.fill_rate), numeric: true },
  { label: c.utilisation.noShowRate, value: (g) => pct(g.no_show_rate), numeric: true },
  { label: c.utilisation.lateRate, value: (g) => pct(g.late_cancel_rate), numeric: true },
];

const revenueColumns: Column<RevenueGroup>[] = [
  { label: c.revenue.group, value: (g) => g.label },
  { label: c.revenue.charged, value: (g) => formatMoney(g.charged), numeric: true },
  { label: c.revenue.refunded, value: (g) => formatMoney(g.refunded), numeric: true },
  { label: c.revenue.net, value: (g) => formatMoney(g.net), numeric: true },
  { label: c.revenue.subtotal, value: (g) => formatMoney(g.subtotal), numeric: true },
];

function UtilisationTab({ filters, open }: { filters: ReportFilters; open: (d: Drill) => void }) {
  const q = useUtilisation(filters);
  const u = c.utilisation;
  if (q.error) return <Text c="red">{q.error.message}</Text>;
  const data = q.data;
  if (!data) return null;
  const t = data.totals;
  const drill = (dimension: string, key: string, title: string) =>
    open({ report: "utilizacion", params: { dimension, key }, title });
  const groups = (title: string, dimension: string, rows: UtilisationGroup[]) => (
    <Section title={title}>
      <GroupTable
        rows={rows}
        columns={utilisationColumns}
        name={(g) => g.key}
        caption={title}
        onOpen={(g) => drill(dimension, g.key, `${title}: ${g.key}`)}
      />
    </Section>
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat
          label={u.fill}
          value={pct(t.fill_rate)}
          detail={u.fillDetail(t.seats, t.capacity)}
          onOpen={() => drill("all", "all", u.classes)}
        />
        <Stat
          label={u.noShows}
          value={pct(t.no_show_rate)}
          detail={u.noShowsDetail(t.no_shows, t.ended_seats)}
          onOpen={() => drill("all", "all", u.classes)}
        />
        <Stat
          label={u.late}
          value={pct(t.late_cancel_rate)}
          detail={u.lateDetail(t.late_cancels)}
          onOpen={() => drill("all", "all", u.classes)}
        />
        <Stat
          label={u.classes}
          value={formatNumber(t.classes)}
          detail={u.classesDetail(t.cancelled_classes, t.guests)}
          onOpen={() => drill("all", "all", u.classes)}
        />
      </SimpleGrid>
      <Section title={u.heatmap} hint={u.heatmapHint}>
        <Heatmap
          cells={data.heatmap}
          onOpen={(cell) =>
            drill(
              "slot",
              `${cell.weekday}-${cell.hour}`,
              `${c.weekdays[cell.weekday]} ${String(cell.hour).padStart(2, "0")}:00`,
            )
          }
        />
      </Section>
      {data.by_class_type.length > 0 ? (
        <Section title={`${u.rate} · ${u.byType}`}>
          <BarChart
            h={220}
            data={data.by_class_type.map((g) => ({ name: g.key, ocupacion: g.fill_rate ?? 0 }))}
            dataKey="name"
            series={[{ name: "ocupacion", label: u.rate, color: "brand.6" }]}
            valueFormatter={(v) => `${v} %`}
            yAxisProps={{ domain: [0, 100] }}
          />
        </Section>
      ) : null}
      {groups(u.byType, "class_type", data.by_class_type)}
      {groups(u.byCoach, "coach", data.by_coach)}
      {groups(u.byLocation, "location", data.by_location)}
      <Help>{u.help}</Help>
    </Stack>
  );
}

function RevenueTab({ filters, open }: { filters: ReportFilters; open: (d: Drill) => void }) {
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
        {data.iva_by_month.length === 0 ? (
          <Text size="sm" c="dimmed">
            {c.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing="xs" aria-label={r.ivaByMonth}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{r.month}</Table.Th>
                  <Table.Th>{r.rate}</Table.Th>
                  <Table.Th ta="right">{r.base}</Table.Th>
                  <Table.Th ta="right">{r.iva}</Table.Th>
                  <Table.Th ta="right">{r.total}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.iva_by_month.map((l) => (
                  <Table.Tr key={`${l.month}-${l.rate}`}>
                    <Table.Td>{monthLabel(l.month)}</Table.Td>
                    <Table.Td>{l.rate === "exento" ? "Exento" : `${l.rate} %`}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.base)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.iva)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Help>{r.help}</Help>
    </Stack>
  );
}

function LiabilityTab({ zone, open }: { zone: string; open: (d: Drill) => void }) {
  const q = useLiability();
  const l = c.liability;
  if (q.error) return <Text c="red">{q.error.message}</Text>;
  const data = q.data;
  if (!data) return null;
  const name = (key: string) => (key === "sin-vencimiento" ? l.never : monthLabel(key));
  const drill = (key: string, title: string) => open({ report: "pasivo", params: { key }, title });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {formatDateTime(data.as_of, zone)}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        <Stat
          label={l.credits}
          value={formatNumber(data.totals.credits)}
          onOpen={() => drill("all", l.credits)}
        />
        <Stat
          label={l.value}
          value={formatMoney(data.totals.value)}
          detail={data.totals.unlimited_buckets ? l.unlimited(data.totals.unlimited_buckets) : undefined}
          onOpen={() => drill("all", l.value)}
        />
        <Stat
          label={l.customers}
          value={formatNumber(data.totals.customers)}
          onOpen={() => drill("all", l.customers)}
        />
      </SimpleGrid>
      {data.by_expiry_month.length > 0 ? (
        <Section title={l.byMonth}>
          <BarChart
            h={220}
            data={data.by_expiry_month.map((m) => ({ name: name(m.key), valor: m.value }))}
            dataKey="name"
            series={[{ name: "valor", label: l.value, color: "brand.6" }]}
            valueFormatter={(v) => formatMoney(v)}
          />
        </Section>
      ) : null}
      <Section title={l.byMonth}>
        <GroupTable
          rows={data.by_expiry_month}
          name={(m) => m.key}
          caption={l.byMonth}
          onOpen={(m) => drill(m.key, `${l.month}: ${name(m.key)}`)}
          columns={[
            { label: l.month, value: (m) => name(m.key) },
            { label: l.credits, value: (m) => formatNumber(m.credits), numeric: true },
            { label: l.value, value: (m) => formatMoney(m.value), numeric: true },
            { label: l.buckets, value: (m) => formatNumber(m.buckets), numeric: true },
            { label: l.customers, value: (m) => formatNumber(m.customers), numeric: true },
          ]}
        />
      </Section>
      <Help>{l.help}</Help>
    </Stack>
  );
}

/**
 * /admin/reportes (owner and manager, decision 0078): utilisation, revenue and unused credits for
 * a period of studio days and a location; every figure opens the rows behind it.
 */
export function ReportsPage() {
  const zone = useAppConfig().timezone;
  const today = localDay(new Date(), zone);
  const [from, setFrom] = useState(() => addLocalDays(today, -29));
  const [to, setTo] = useState(today);
  const [location, setLocation] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>("utilizacion");
  const [drill, setDrill] = useState<Drill | null>(null);
  const locations = useLocations();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  // While a date is being typed (or the period is reversed) the last valid period stays shown.
  const lastValid = useRef({ from, to });
  if (valid) lastValid.current = { from, to };
  const filters: ReportFilters = {
    ...lastValid.current,
    location_id: location ? Number(location) : undefined,
  };

  return (
    <AdminPage
      title={c.title}
      actions={
        <Button
          component="a"
          href={
            tab === "nomina"
              ? `/api/nomina/csv?from=${filters.from}&to=${filters.to}`
              : reportCsvHref(tab, filters)
          }
          download
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          {c.csv}
        </Button>
      }
    >
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
      <Text size="xs" c="dimmed" mt={-12}>
        {tab === "pasivo" ? c.liability.noFilters : c.periodHint}
      </Text>
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="utilizacion">{c.tabs.utilisation}</Tabs.Tab>
          <Tabs.Tab value="ingresos">{c.tabs.revenue}</Tabs.Tab>
          <Tabs.Tab value="pasivo">{c.tabs.liability}</Tabs.Tab>
          <Tabs.Tab value="intro">{c.tabs.intro}</Tabs.Tab>
          <Tabs.Tab value="retencion">{c.tabs.retention}</Tabs.Tab>
          <Tabs.Tab value="valor-de-clientes">{c.tabs.value}</Tabs.Tab>
          <Tabs.Tab value="nomina">{c.tabs.pay}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="utilizacion">
          <UtilisationTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="ingresos">
          <RevenueTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="pasivo">
          <LiabilityTab zone={zone} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="intro">
          <IntroTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="retencion">
          <RetentionTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="valor-de-clientes">
          <CustomerValueTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="nomina">
          <CoachPayTab period={{ from: filters.from, to: filters.to }} zone={zone} />
        </Tabs.Panel>
      </Tabs>
      <DrillModal drill={drill} filters={filters} zone={zone} onClose={() => setDrill(null)} />
    </AdminPage>
  );
}
