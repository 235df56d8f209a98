import { BarChart } from "@mantine/charts";
import { Stack, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { formatNumber } from "../../../../domain/format";
import { type Drill, type ReportFilters, useRetention } from "../api";
import { reportsCopy } from "../copy";
import { Help, monthLabel, pct, Section } from "./report-parts";

const c = reportsCopy;

type Open = (d: Drill) => void;

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

/** Retencion: new, churned and reactivated customers by month, and each cohort's months after. */
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
