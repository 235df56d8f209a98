import { BarChart } from "@mantine/charts";
import { SimpleGrid, Stack, Text } from "@mantine/core";
import { formatNumber } from "../../../../domain/format";
import { type Drill, type ReportFilters, type UtilisationGroup, useUtilisation } from "../api";
import { reportsCopy } from "../copy";
import { Heatmap } from "./heatmap";
import { type Column, GroupTable, Help, pct, Section, Stat } from "./report-parts";

const c = reportsCopy;

const utilisationColumns: Column<UtilisationGroup>[] = [
  { label: c.utilisation.group, value: (g) => g.key },
  { label: c.utilisation.seats, value: (g) => formatNumber(g.seats), numeric: true },
  { label: c.utilisation.capacity, value: (g) => formatNumber(g.capacity), numeric: true },
  { label: c.utilisation.rate, value: (g) => pct(g.fill_rate), numeric: true },
  { label: c.utilisation.noShowRate, value: (g) => pct(g.no_show_rate), numeric: true },
  { label: c.utilisation.lateRate, value: (g) => pct(g.late_cancel_rate), numeric: true },
];

/** Utilizacion: fill, no-shows and late cancels, by hour of the week and by type, coach and location. */
export function UtilisationTab({ filters, open }: { filters: ReportFilters; open: (d: Drill) => void }) {
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
