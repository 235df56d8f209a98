import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { formatMoney } from "../../../../domain/format";
import { useStaffCan } from "../../../lib/staff-permissions";
import type { Product, Variant } from "../api";
import { retailCopy as c } from "../copy";
import type { VariantTarget } from "./variant-modal";

function StockCell({ variant }: { variant: Variant }) {
  return (
    <Group gap={6} wrap="wrap">
      {variant.stock.map((s) => (
        <Badge
          key={s.location_id}
          // Dark red only when none is left; light fills with dark text otherwise (AA contrast).
          color={s.quantity === 0 ? "red.9" : s.low ? "orange.2" : "gray.2"}
          autoContrast
          tt="none"
          variant="filled"
          title={s.low ? c.low : undefined}
        >
          {variant.stock.length > 1 ? c.stockAt(s.location_name, s.quantity) : c.units(s.quantity)}
        </Badge>
      ))}
    </Group>
  );
}

/** A product with its variants' price, SKU and stock per location; owner and manager change them. */
export function ProductCard({
  product,
  onVariant,
  onStock,
}: {
  product: Product;
  onVariant: (target: VariantTarget) => void;
  onStock: (variant: Variant) => void;
}) {
  const can = useStaffCan();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={product.name}
      data-testid="retail-product"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} fz="lg">
              {product.name}
            </Title>
            <Text size="sm" c="dimmed">
              {c.ivaLabel(product.iva_rate)}
            </Text>
            {product.available ? null : (
              <Badge color="gray.7" autoContrast tt="none">
                {c.notForSale}
              </Badge>
            )}
          </Group>
          {can("addVariant") ? (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              onClick={() => onVariant({ kind: "add", product })}
            >
              {c.addVariant}
            </Button>
          ) : null}
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder verticalSpacing="xs" aria-label={`${c.variants}: ${product.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.colVariant}</Table.Th>
                <Table.Th>{c.sku}</Table.Th>
                <Table.Th ta="right">{c.price}</Table.Th>
                <Table.Th>{c.colStock}</Table.Th>
                {can("moveStock") || can("editVariant") ? <Table.Th>{c.colActions}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {product.variants.map((v) => (
                <Table.Tr key={v.variant_id} data-testid="retail-variant">
                  <Table.Td>
                    {[v.size, v.colour].filter(Boolean).join(" · ") || product.name}
                    {v.available ? null : (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        ({c.notForSale})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace">{v.sku ?? "—"}</Table.Td>
                  <Table.Td ta="right">{formatMoney(v.price)}</Table.Td>
                  <Table.Td>
                    <StockCell variant={v} />
                  </Table.Td>
                  {can("moveStock") || can("editVariant") ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {can("moveStock") ? (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => onStock(v)}
                            aria-label={c.stockOf(v.title)}
                          >
                            {c.stock}
                          </Button>
                        ) : null}
                        {can("editVariant") ? (
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => onVariant({ kind: "edit", variant: v })}
                            aria-label={c.editVariantOf(v.title)}
                          >
                            {c.editVariant}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
