import "@mantine/charts/styles.css";
import { AreaChart, BarChart } from "@mantine/charts";
import {
  Anchor,
  Badge,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import {
  IconCalendarStats,
  IconCash,
  IconRefreshAlert,
  IconRepeat,
  IconUserPlus,
  IconUserX,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import {
  countLabel,
  formatMoney,
  formatNumber,
  formatTime,
  spotsLabel,
  weekdayName,
} from "../../../../domain/format";
import { AdminPage, shortDay } from "../../../components/admin/page-frame";
import { StudioExportButton } from "../../../components/admin/studio-export";
import { type Dashboard, useDashboard } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.dashboard;

/** A class of today as the dashboard answers it, with its coaches (server/modules/dashboard). */
type TodayClass = Dashboard["today_classes"][number];

function Stat({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={24} fw={700} lh={1.2}>
            {value}
          </Text>
          {detail ? (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          ) : null}
        </Stack>
        <Text c="brand.7" aria-hidden="true">
          {icon}
        </Text>
      </Group>
    </Paper>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /admin: the studio at a glance, with charts. */
export function DashboardPage() {
  const { data, isLoading, error, refetch } = useDashboard();
  const [iva, setIva] = useState<"con" | "sin">("con");
  const revenue = data ? (iva === "con" ? data.revenue : data.revenue_sin_iva) : undefined;
  return (
    <AdminPage
      title={c.title}
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      actions={<StudioExportButton />}
    >
      {data && revenue ? (
        <Stack gap="lg">
          <Group justify="flex-end">
            <SegmentedControl
              aria-label={c.ivaMode}
              value={iva}
              onChange={(v) => setIva(v === "sin" ? "sin" : "con")}
              data={[
                { value: "con", label: c.withIva },
                { value: "sin", label: c.withoutIva },
              ]}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md">
            <Stat
              label={c.revenue30}
              value={formatMoney(revenue.total)}
              detail={iva === "con" ? c.withIvaDetail : c.withoutIvaDetail}
              icon={<IconCash size={26} />}
            />
            <Stat
              label={c.weekBookings}
              value={formatNumber(data.week.bookings)}
              icon={<IconCalendarStats size={26} />}
            />
            <Stat
              label={c.activeSubscriptions}
              value={formatNumber(data.subscriptions.active)}
              detail={`${formatNumber(data.subscriptions.unlimited_members)} ${c.unlimitedMembers}`}
              icon={<IconRepeat size={26} />}
            />
            <Stat
              label={c.recovered30}
              value={formatMoney(data.subscriptions.recovered.total)}
              detail={c.recoveredDetail(data.subscriptions.recovered.count)}
              icon={<IconRefreshAlert size={26} />}
            />
            <Stat
              label={c.newCustomers}
              value={formatNumber(data.customers.new_last_30_days)}
              detail={`${countLabel(data.customers.total, "cliente", "clientes")} en total`}
              icon={<IconUserPlus size={26} />}
            />
            <Stat
              label={c.noShowRate}
              value={`${data.no_shows.rate}%`}
              detail={`${formatNumber(data.no_shows.no_shows)} de ${spotsLabel(data.no_shows.seats)}`}
              icon={<IconUserX size={26} />}
            />
          </SimpleGrid>

          <Card title={c.todayClasses}>
            {data.today_classes.length === 0 ? (
              <Text c="dimmed">{c.noClassesToday}</Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs" aria-label={c.todayClasses}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Hora</Table.Th>
                      <Table.Th>{adminCopy.customers.class}</Table.Th>
                      <Table.Th>Coach</Table.Th>
                      <Table.Th w="35%">{c.occupancy}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(data.today_classes as TodayClass[]).map((k) => (
                      <Table.Tr key={k.single_class_id}>
                        <Table.Td style={{ whiteSpace: "nowrap" }}>
                          <Text size="sm" fw={600}>
                            {formatTime(k.class_date, data.timezone)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {countLabel(k.duration_minutes, "minuto", "minutos")}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`/admin/clases/${k.single_class_id}/asistencia`}
                            size="sm"
                            fw={600}
                            aria-label={`${k.class_type} a las ${formatTime(k.class_date, data.timezone)}: registrar asistencia`}
                          >
                            {k.class_type}
                          </Anchor>
                          <Group gap={6}>
                            <Text size="xs" c="dimmed">
                              {k.location ?? ""}
                            </Text>
                            {k.cancelledAt ? (
                              <Badge color="red" variant="light" size="sm" c="red.9">
                                {c.cancelled}
                              </Badge>
                            ) : null}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{k.coaches.length ? k.coaches.join(", ") : "Sin coach"}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Progress
                              value={k.occupancy ?? 100}
                              color={
                                (k.occupancy ?? 100) >= 90
                                  ? "red"
                                  : (k.occupancy ?? 0) >= 60
                                    ? "orange"
                                    : "brand"
                              }
                              style={{ flex: 1, minWidth: 60 }}
                              aria-label={`${c.occupancy} ${k.class_type}`}
                            />
                            <Text size="sm" fw={500} miw={56} ta="right">
                              {k.booked}/{k.capacity ?? 0}
                            </Text>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card title={c.revenueByDay}>
              <AreaChart
                h={240}
                data={revenue.by_day.map((d) => ({ day: shortDay(d.day), [c.amount]: d.total }))}
                dataKey="day"
                series={[{ name: c.amount, color: "brand.6" }]}
                curveType="monotone"
                valueFormatter={(v) => formatMoney(v)}
                withDots={false}
                tickLine="none"
                gridAxis="y"
                yAxisProps={{ width: 70, tickFormatter: (v: number) => `$${formatNumber(v)}` }}
              />
            </Card>
            <Card title={c.weekBookings}>
              <BarChart
                h={240}
                data={data.week.by_day.map((d) => ({
                  day: `${weekdayName(new Date(`${d.day}T12:00:00Z`), "UTC").slice(0, 3)} ${shortDay(d.day)}`,
                  [c.bookings]: d.bookings,
                }))}
                dataKey="day"
                series={[{ name: c.bookings, color: "brand.6" }]}
                tickLine="none"
                gridAxis="y"
                yAxisProps={{ allowDecimals: false, width: 36 }}
              />
            </Card>
            <Card title={c.revenueByPackage}>
              {revenue.by_package.length === 0 ? (
                <Text c="dimmed">{c.noRevenue}</Text>
              ) : (
                <BarChart
                  h={Math.max(160, revenue.by_package.length * 44)}
                  data={revenue.by_package.map((p) => ({ title: p.title, [c.amount]: p.total }))}
                  dataKey="title"
                  orientation="vertical"
                  series={[{ name: c.amount, color: "teal.6" }]}
                  valueFormatter={(v) => formatMoney(v)}
                  yAxisProps={{ width: 130 }}
                  xAxisProps={{ tickFormatter: (v: number) => `$${formatNumber(v)}` }}
                  tickLine="none"
                  gridAxis="x"
                />
              )}
            </Card>
            <Card title={c.newCustomers}>
              <BarChart
                h={240}
                data={data.customers.new_by_day.map((d) => ({
                  day: shortDay(d.day),
                  [c.customers]: d.count,
                }))}
                dataKey="day"
                series={[{ name: c.customers, color: "grape.6" }]}
                tickLine="none"
                gridAxis="y"
                yAxisProps={{ allowDecimals: false, width: 36 }}
              />
            </Card>
          </SimpleGrid>
        </Stack>
      ) : null}
    </AdminPage>
  );
}
