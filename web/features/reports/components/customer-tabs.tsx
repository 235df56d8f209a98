import { BarChart } from "@mantine/charts";
import { SimpleGrid, Stack, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { formatMoney, formatNumber } from "../../../../domain/format";
import { type Drill, type ReportFilters, useCustomerValue, useIntro, useRetention } from "../api";
import { reportsCopy } from "../copy";
import { GroupTable, Help, monthLabel, pct, Section, Stat } from "./report-parts";

const c = reportsCopy;

type Open = (d: Drill) => void;

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

/** A number of a retention table that opens its customers. */
function Count({ n, onOpen, label }: { n: number; onOpen: () => void; label: string }) {
  if (n === 0) return <>0</>;
  return (
    <UnstyledButton onClick={onOpen} c="brand.8" fz="sm" td="underline">
      {formatNumber(n)}
      <VisuallyHidden>{` ${label}`}</VisuallyHidden>
    </UnstyledButton>
  );
}

export function RetentionTab({ filters, open }: { filters: ReportFilters; open: Open }) {
  const q = useRetention(filters);
  const r = c.retention;
  if (q.error) return <Text c="red">{q.error.message}</Text>;
  const data = q.data;
  if (!data) return null;
  const drill = (group: string, key: string, title: string) =>
    open({ report: "retencion", params: { group, key }, title });
  const span = Math.max(0, ...data.cohorts.map((x) => x.retention.length));
  const offsets = Array.from({ length: span }, (_, k) => k + 1);
  const groups = [
    ["active", r.active],
    ["new", r.new],
    ["churned", r.churned],
    ["reactivated", r.reactivated],
  ] as const;
  return (
    <Stack gap="md">
      <Section title={r.byMonth}>
        <BarChart
          h={220}
          data={data.by_month.map((m) => ({
            name: monthLabel(m.key),
            nuevos: m.new,
            regresaron: m.reactivated,
            seFueron: -m.churned,
          }))}
          dataKey="name"
          series={[
            { name: "nuevos", label: r.new, color: "brand.6" },
            { name: "regresaron", label: r.reactivated, color: "teal.6" },
            { name: "seFueron", label: r.churned, color: "red.6" },
          ]}
          withLegend
        />
        <Table.ScrollContainer minWidth={520} mt="sm">
          <Table striped verticalSpacing="xs" aria-label={r.byMonth}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{r.month}</Table.Th>
                {groups.map(([, label]) => (
                  <Table.Th key={label} ta="right">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.by_month.map((m) => (
                <Table.Tr key={m.key}>
                  <Table.Td>{monthLabel(m.key)}</Table.Td>
                  {groups.map(([group, label]) => (
                    <Table.Td key={group} ta="right">
                      <Count
                        n={m[group]}
                        label={`${label}, ${monthLabel(m.key)}: ${c.open}`}
                        onOpen={() => drill(group, m.key, `${label} · ${monthLabel(m.key)}`)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title={r.cohorts} hint={r.cohortsHint}>
        <Table.ScrollContainer minWidth={Math.max(480, 180 + span * 72)}>
          <Table verticalSpacing="xs" aria-label={r.cohorts}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{r.cohort}</Table.Th>
                <Table.Th ta="right">{r.customers}</Table.Th>
                {offsets.map((offset) => (
                  <Table.Th key={offset} ta="right">{`+${offset}`}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.cohorts.map((co) => (
                <Table.Tr key={co.key}>
                  <Table.Td>{monthLabel(co.key)}</Table.Td>
                  <Table.Td ta="right">
                    <Count
                      n={co.customers}
                      label={`${r.cohort} ${monthLabel(co.key)}: ${c.open}`}
                      onOpen={() => drill("cohort", co.key, `${r.cohort} · ${monthLabel(co.key)}`)}
                    />
                  </Table.Td>
                  {offsets.map((offset) => {
                    const cell = co.retention[offset - 1];
                    return (
                      <Table.Td
                        key={offset}
                        ta="right"
                        c={cell?.rate != null && cell.rate >= 50 ? "brand.8" : undefined}
                      >
                        {cell ? pct(cell.rate) : ""}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Help>{r.help}</Help>
    </Stack>
  );
}

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
