import { Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  IconCalendarStats,
  IconCash,
  IconRefreshAlert,
  IconRepeat,
  IconUserPlus,
  IconUserX,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { countLabel, formatMoney, formatNumber, spotsLabel } from "../../../../domain/format";
import type { Dashboard } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.dashboard;

/** A figure with its label, a line of detail and an icon. */
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

/** The six figures at the top: revenue (with or without IVA), bookings, members, recovered, new, no-shows. */
export function DashboardStats({ data, withIva }: { data: Dashboard; withIva: boolean }) {
  const revenue = withIva ? data.revenue : data.revenue_sin_iva;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md">
      <Stat
        label={c.revenue30}
        value={formatMoney(revenue.total)}
        detail={withIva ? c.withIvaDetail : c.withoutIvaDetail}
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
  );
}
