import { Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import type { Sale } from "../api";
import { retailCopy as c } from "../copy";
import { linesText, paidParts, SaleStatusBadge } from "./sale-summary";

/** One sale on a phone: when and where, the total, what was sold, how it was paid, its status. */
export function SaleCard({ sale: s, zone, action }: { sale: Sale; zone: string; action: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="sale-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {formatDateTime(s.createdAt, zone)}
            </Text>
            <Text size="xs" c="dimmed">
              #{s.sale_id} · {s.location_name} · {s.customer_name ?? c.noCustomer}
            </Text>
          </Stack>
          <Text fw={700} style={{ whiteSpace: "nowrap" }}>
            {formatMoney(s.total)}
          </Text>
        </Group>
        <Text size="sm">{linesText(s)}</Text>
        <Text size="xs" c="dimmed">
          {paidParts(s).join(" · ")}
        </Text>
        <Group justify="space-between">
          <Group gap="xs">
            <SaleStatusBadge sale={s} />
            {s.refunded > 0 ? (
              <Text size="xs" c="dimmed">
                {c.refundedAmount(s.refunded)}
              </Text>
            ) : null}
          </Group>
          {action}
        </Group>
      </Stack>
    </Paper>
  );
}
