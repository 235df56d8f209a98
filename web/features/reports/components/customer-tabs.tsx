import { BarChart } from "@mantine/charts";
import { SimpleGrid, Stack, Text } from "@mantine/core";
import { formatMoney, formatNumber } from "../../../../domain/format";
import { type Drill, type ReportFilters, useCustomerValue, useIntro } from "../api";
import { reportsCopy } from "../copy";
import { GroupTable, Help, pct, Section, Stat } from "./report-parts";

// Retencion has its own file; re-exported so the page finds the customer reports in one place.
export { RetentionTab } from "./retention-tab";

const c = reportsCopy;

type Open = (d: Drill) => void;

/** Intro: how many first-time customers bought within 30, 60 and 90 days, by intro offer. */
export function IntroTab({ filters, open }: { filters: ReportFilters; open: Open }) {
  const q = useIntro(filters);
  const i = c.intro;
  if (q.error) return <Text c="red">{q.error.message}</Text>;
  const data = q.data;
  if (!data) return null;
  const t = data.totals;
  const drill = (key: string, title: string, within?: number) =>
    open({ report: "intro", params: within ? { key, within } : { key }, title });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat
          label={i.customers}
          value={formatNumber(t.customers)}
          detail={i.open(t.still_open)}
          onOpen={() => drill("all", i.customers)}
        />
        {([30, 60, 90] as const).map((days) => (
          <Stat
            key={days}
            label={i.within(days)}
            value={pct(t[`rate_${days}`])}
            detail={i.converted(t[`converted_${days}`])}
            onOpen={() => drill("all", i.within(days), days)}
          />
        ))}
      </SimpleGrid>
      {data.by_offer.length > 0 ? (
        <Section title={i.byOffer}>
          <BarChart
            h={220}
            data={data.by_offer.map((o) => ({
              name: o.key,
              d30: o.rate_30 ?? 0,
              d60: o.rate_60 ?? 0,
              d90: o.rate_90 ?? 0,
            }))}
            dataKey="name"
            series={[
              { name: "d30", label: i.within(30), color: "brand.3" },
              { name: "d60", label: i.within(60), color: "brand.5" },
              { name: "d90", label: i.within(90), color: "brand.8" },
            ]}
            valueFormatter={(v) => `${v} %`}
            yAxisProps={{ domain: [0, 100] }}
            withLegend
          />
        </Section>
      ) : null}
      <Section title={i.byOffer}>
        <GroupTable
          rows={data.by_offer}
          name={(o) => o.key}
          caption={i.byOffer}
          onOpen={(o) => drill(o.key, `${i.offer}: ${o.key}`)}
          columns={[
            { label: i.offer, value: (o) => o.key },
            { label: i.customers, value: (o) => formatNumber(o.customers), numeric: true },
            { label: i.within(30), value: (o) => `${o.converted_30} · ${pct(o.rate_30)}`, numeric: true },
            { label: i.within(60), value: (o) => `${o.converted_60} · ${pct(o.rate_60)}`, numeric: true },
            { label: i.within(90), value: (o) => `${o.converted_90} · ${pct(o.rate_90)}`, numeric: true },
            { label: i.stillOpen, value: (o) => formatNumber(o.still_open), numeric: true },
          ]}
        />
      </Section>
      <Help>{i.help}</Help>
    </Stack>
  );
}

/** Valor de clientes: revenue per customer and months active, by sign-up reason. */
export function CustomerValueTab({ filters, open }: { filters: ReportFilters; open: Open }) {
  const q = useCustomerValue(filters);
  const v = c.value;
  if (q.error) return <Text c="red">{q.error.message}</Text>;
  const data = q.data;
  if (!data) return null;
  const t = data.totals;
  const drill = (key: string, title: string) => open({ report: "valor-de-clientes", params: { key }, title });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat
          label={v.customers}
          value={formatNumber(t.customers)}
          detail={v.paying(t.paying)}
          onOpen={() => drill("all", v.customers)}
        />
        <Stat label={v.revenue} value={formatMoney(t.revenue)} onOpen={() => drill("all", v.revenue)} />
        <Stat
          label={v.perCustomer}
          value={formatMoney(t.per_customer)}
          onOpen={() => drill("all", v.perCustomer)}
        />
        <Stat
          label={v.months}
          value={t.avg_months_active.toLocaleString("es-MX")}
          onOpen={() => drill("all", v.months)}
        />
      </SimpleGrid>
      {data.by_reason.length > 0 ? (
        <Section title={`${v.perCustomer} · ${v.byReason}`}>
          <BarChart
            h={220}
            data={data.by_reason.map((x) => ({ name: x.key, valor: x.per_customer }))}
            dataKey="name"
            series={[{ name: "valor", label: v.perCustomer, color: "brand.6" }]}
            valueFormatter={(x) => formatMoney(x)}
          />
        </Section>
      ) : null}
      <Section title={v.byReason}>
        <GroupTable
          rows={data.by_reason}
          name={(x) => x.key}
          caption={v.byReason}
          onOpen={(x) => drill(x.key, `${v.reason}: ${x.key}`)}
          columns={[
            { label: v.reason, value: (x) => x.key },
            { label: v.customers, value: (x) => formatNumber(x.customers), numeric: true },
            { label: v.revenue, value: (x) => formatMoney(x.revenue), numeric: true },
            { label: v.perCustomer, value: (x) => formatMoney(x.per_customer), numeric: true },
            { label: v.months, value: (x) => x.avg_months_active.toLocaleString("es-MX"), numeric: true },
          ]}
        />
      </Section>
      <Help>{v.help}</Help>
    </Stack>
  );
}
