import { Button, Grid, Stack, Tabs, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { AdminPage } from "../../../components/admin/page-frame";
import { useStaffCan } from "../../../lib/staff-permissions";
import { usePageTitle } from "../../../lib/use-page-title";
import { useLowStock, useProducts, type Variant } from "../api";
import { DeskSaleButton } from "../components/desk-sale-button";
import { LowStockList } from "../components/low-stock-list";
import { ProductCard } from "../components/product-card";
import { ProductFormModal } from "../components/product-form-modal";
import { SalesList } from "../components/sales-list";
import { StockModal } from "../components/stock-modal";
import { VariantModal, type VariantTarget } from "../components/variant-modal";
import { retailCopy as c } from "../copy";

/**
 * /admin/productos: the counter's catalogue with stock per location and the low-stock list; the
 * desk sells from here, owner and manager add products, variants and stock (decision 0094); the
 * «Ventas» tab lists the sales and refunds them (decision 0127).
 */
export function RetailPage() {
  usePageTitle(c.title);
  const can = useStaffCan();
  const products = useProducts();
  const low = useLowStock();
  const [creating, setCreating] = useState(false);
  const [variant, setVariant] = useState<VariantTarget | null>(null);
  const [stock, setStock] = useState<Variant | null>(null);
  const [tab, setTab] = useState<"productos" | "ventas">("productos");
  const list = products.data ?? [];

  return (
    <AdminPage
      title={c.title}
      loading={products.isLoading}
      error={products.error}
      onRetry={() => products.refetch()}
      actions={
        <>
          <DeskSaleButton variant="filled" />
          {can("createProduct") ? (
            <Button
              size="md"
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setCreating(true)}
            >
              {c.newProduct}
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="md">
        <Text c="dimmed">{c.intro}</Text>
        <Tabs value={tab} onChange={(v) => v && setTab(v as typeof tab)} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="productos">{c.tabProducts}</Tabs.Tab>
            <Tabs.Tab value="ventas">{c.tabSales}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="productos">
            <Grid gutter="md" align="flex-start">
              <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
                <LowStockList items={low.data ?? []} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, lg: 1 }}>
                <Stack gap="md">
                  {list.length === 0 ? <Text>{c.empty}</Text> : null}
                  {list.map((p) => (
                    <ProductCard key={p.product_id} product={p} onVariant={setVariant} onStock={setStock} />
                  ))}
                </Stack>
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
          <Tabs.Panel value="ventas">
            <SalesList />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {can("createProduct") ? (
        <ProductFormModal opened={creating} onClose={() => setCreating(false)} />
      ) : null}
      {variant && (can("addVariant") || can("editVariant")) ? (
        <VariantModal target={variant} onClose={() => setVariant(null)} />
      ) : null}
      {can("moveStock") ? <StockModal variant={stock} onClose={() => setStock(null)} /> : null}
    </AdminPage>
  );
}
