import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { stockLabel } from "../../../../domain/retail";
import type { LowStockItem } from "../api";
import { retailCopy as c } from "../copy";

/** Variants at or below their product's threshold, per location (docs/product-rules.md#retail). */
export function LowStockList({ items }: { items: LowStockItem[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={c.lowTitle} data-testid="low-stock">
      <Stack gap="xs">
        <Group gap="xs">
          <IconAlertTriangle size={20} aria-hidden="true" color="var(--mantine-color-orange-8)" />
          <Title order={2} fz="lg">
            {c.lowTitle}
          </Title>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {c.lowEmpty}
          </Text>
        ) : (
          items.map((i) => (
            <Group
              key={`${i.variant_id}-${i.location_id}`}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-testid="low-stock-item"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {i.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {i.location_name}
                </Text>
              </Stack>
              <Text
                size="sm"
                fw={600}
                c={i.quantity === 0 ? "red.9" : undefined}
                ta="right"
                style={{ whiteSpace: "nowrap" }}
              >
                {stockLabel(i.quantity)}
              </Text>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}
