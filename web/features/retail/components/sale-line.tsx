import { ActionIcon, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconMinus, IconPlus } from "@tabler/icons-react";
import { formatMoney } from "../../../../domain/format";
import type { Product, Variant } from "../api";
import { retailCopy as c } from "../copy";

/** Units left of a variant at the desk's location (its first location when the desk chose none). */
export function leftAt(variant: Variant, locationId: number | undefined): number {
  const place = variant.stock.find((s) => s.location_id === locationId) ?? variant.stock[0];
  return place?.quantity ?? 0;
}

export function SaleLine({
  product,
  variant,
  qty,
  left,
  onChange,
}: {
  product: Product;
  variant: Variant;
  qty: number;
  left: number;
  onChange: (n: number) => void;
}) {
  const label = [variant.size, variant.colour].filter(Boolean).join(" · ");
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="sale-line">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {product.name}
          {label ? ` · ${label}` : ""}
        </Text>
        <Text size="xs" c={left === 0 ? "red.9" : "dimmed"}>
          {formatMoney(variant.price)} · {left === 0 ? c.soldOut : c.left(left)}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={c.remove(variant.title)}
          disabled={qty === 0}
          onClick={() => onChange(qty - 1)}
        >
          <IconMinus size={16} aria-hidden="true" />
        </ActionIcon>
        <Text w={28} ta="center" fw={600}>
          <VisuallyHidden>{c.quantity(variant.title)}: </VisuallyHidden>
          {qty}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={c.add(variant.title)}
          disabled={qty >= left}
          onClick={() => onChange(qty + 1)}
        >
          <IconPlus size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Group>
  );
}
