import { Tabs } from "@mantine/core";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import type { InvoiceRow, PurchaseRow } from "../api";
import { confirmActions } from "../components/confirm-payment-button";
import { PaymentTable } from "../components/payment-table";
import { invoiceColumns, purchaseColumns } from "../components/purchase-columns";
import { PurchaseFilters } from "../components/purchase-filters";
import { useConfirmPayment } from "../components/use-confirm-payment";
import { usePurchaseFilters } from "../components/use-purchase-filters";
import { listsCopy } from "../copy";

const c = listsCopy.purchases;

/**
 * /admin/compras: purchases and their charges with filters, the totals of the filtered set, CSV,
 * and "Confirmar pago" for the cash payments the desk receives.
 */
export function PurchasesPage() {
  const zone = useAppConfig().timezone;
  const filters = usePurchaseFilters();
  const confirm = useConfirmPayment();
  const actions = confirmActions(confirm.ask);

  return (
    <AdminPage title={c.title}>
      <PurchaseFilters filters={filters} />
      <Tabs value={filters.tab} onChange={filters.setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="purchases">{c.purchasesTab}</Tabs.Tab>
          <Tabs.Tab value="invoices">{c.invoicesTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="purchases">
          <PaymentTable<PurchaseRow>
            path="purchases"
            filters={filters.purchaseQuery}
            columns={purchaseColumns(zone, actions.purchase)}
            rowKey={(r) => r.purchase_id}
            caption={c.purchases}
            exportFilename="compras"
            noun={c.purchaseNoun}
            statusLabel={(s) => c.purchaseStatus[s] ?? s}
          />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <PaymentTable<InvoiceRow>
            path="invoices"
            filters={filters.invoiceQuery}
            columns={invoiceColumns(zone, actions.invoice)}
            rowKey={(r) => r.invoice_id}
            caption={c.invoices}
            exportFilename="cargos"
            noun={c.invoiceNoun}
            statusLabel={(s) => c.invoiceStatus[s] ?? s}
          />
        </Tabs.Panel>
      </Tabs>
      <ConfirmModal
        opened={confirm.pending !== null}
        title={c.confirmTitle}
        message={confirm.pending?.message ?? ""}
        confirmLabel={c.confirm}
        color="green"
        loading={confirm.confirming}
        onConfirm={confirm.run}
        onClose={confirm.close}
      />
    </AdminPage>
  );
}
