import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { stockLabel } from "../../../../domain/retail";
import { deskLocationId } from "../../../lib/desk-location";
import type { LowStockItem } from "../api";
import { retailCopy as c } from "../copy";

/** The low-stock items by location, the desk's own first, then by name (decision 0127). */
export function byLocation(items: LowStockItem[], own: number | undefined) {
  const groups = new Map<number, { location_id: number; location_name: string; items: LowStockItem[] }>();
  for (const i of items) {
    const g = groups.get(i.location_id) ?? {
      location_id: i.location_id,
      location_name: i.location_name,
      items: [],
    };
    g.items.push(i);
    groups.set(i.location_id, g);
  }
  return [...groups.values()].sort(
    (a, b) =>
      Number(b.location_id === own) - Number(a.location_id === own) ||
      a.location_name.localeCompare(b.location_name, "es"),
  );
}

/**
 * Variants at or below their product's threshold, grouped by location with the desk's own shelf
 * first (docs/product-rules.md#retail).
 */
export function LowStockList({ items }: { items: LowStockItem[] }) {
  const own = deskLocationId();
  const groups = byLocation(items, own);
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
          groups.map((g) => (
            <Stack gap={6} key={g.location_id} data-testid="low-stock-location">
              <Group gap="xs" mt={4}>
                <Text size="sm" fw={700}>
                  {g.location_name}
                </Text>
                {g.location_id === own ? (
                  <Badge size="xs" variant="light">
                    {c.lowYours}
                  </Badge>
                ) : null}
              </Group>
              {g.items.map((i) => (
                <Group
                  key={`${i.variant_id}-${i.location_id}`}
                  justify="space-between"
                  gap="xs"
                  wrap="nowrap"
                  data-testid="low-stock-item"
                >
                  <Text size="sm" fw={500} style={{ minWidth: 0 }}>
                    {i.title}
                  </Text>
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
              ))}
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}
