import { Badge, Group, Paper, Text } from "@mantine/core";
import { formatMoney, formatNumber } from "../../../../domain/format";
import type { Totals } from "../api";
import { listsCopy } from "../copy";

/** Count and money of the whole filtered set (not only the page), and per status. */
export function TotalsBar({
  totals,
  noun,
  statusLabel,
}: {
  totals: Totals | undefined;
  noun: readonly [string, string];
  statusLabel: (status: string) => string;
}) {
  const c = listsCopy.purchases;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={c.totalsLabel}>
      <Group gap="md" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap" align="baseline">
          <Text fw={700} fz="lg">
            {formatMoney(totals?.total_payment ?? 0)}
          </Text>
          <Text c="dimmed" size="sm">
            {c.count(totals?.count ?? 0, noun)}
          </Text>
        </Group>
        <Group gap={6} wrap="wrap">
          {(totals?.by_status ?? []).map((s) => (
            <Badge key={s.status} variant="light" color="gray" size="lg" tt="none" fw={500}>
              {statusLabel(s.status)}: {formatNumber(s.count)} · {formatMoney(s.total_payment)}
            </Badge>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
