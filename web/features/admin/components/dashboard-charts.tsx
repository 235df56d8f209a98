import { AreaChart, BarChart } from "@mantine/charts";
import { SimpleGrid, Text } from "@mantine/core";
import { formatMoney, formatNumber, weekdayName } from "../../../../domain/format";
import { shortDay } from "../../../components/admin/page-frame";
import type { Dashboard } from "../api";
import { adminCopy } from "../copy";
import { DashboardCard } from "./dashboard-card";

const c = adminCopy.dashboard;

/** Revenue by day and by package, the week's bookings and new customers, as charts. */
export function DashboardCharts({ data, withIva }: { data: Dashboard; withIva: boolean }) {
  const revenue = withIva ? data.revenue : data.revenue_sin_iva;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <DashboardCard title={c.revenueByDay}>
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
      </DashboardCard>
      <DashboardCard title={c.weekBookings}>
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
      </DashboardCard>
      <DashboardCard title={c.revenueByPackage}>
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
      </DashboardCard>
      <DashboardCard title={c.newCustomers}>
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
      </DashboardCard>
    </SimpleGrid>
  );
}
