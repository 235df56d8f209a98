import { BarChart } from "@mantine/charts";
import { SimpleGrid, Stack, Text } from "@mantine/core";
import { formatDateTime, formatMoney, formatNumber } from "../../../../domain/format";
import { type Drill, useLiability } from "../api";
import { reportsCopy } from "../copy";
import { GroupTable, Help, monthLabel, Section, Stat } from "./report-parts";

const c = reportsCopy;

/** Pasivo: the unused credits today and their value, by the month they expire. */
export function LiabilityTab({ zone, open }: { zone: string; open: (d: Drill) => void }) {
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
