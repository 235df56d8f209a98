import { Button, Stack, Tabs } from "@mantine/core";
import { useState } from "react";
import { periodicityOf, periodOf, previousPeriod } from "../../../../domain/fiscal/invoicing";
import { AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { type FacturaRow, useCheckCancellation, useFacturas, useRetryFactura } from "../api";
import { CancelFacturaModal } from "../components/cancel-modal";
import { FacturaFiltersBar, useFacturaFilters } from "../components/factura-filters";
import { FacturarModal } from "../components/facturar-modal";
import { facturaColumns } from "../components/facturas-columns";
import { GlobalFacturaModal } from "../components/global-modal";
import { GlobalPurchasesModal } from "../components/global-purchases-modal";
import { FacturacionSettingsPanel } from "../components/settings-panel";
import { facturasCopy as f } from "../copy";
import { lastDayOf } from "../factura-status";

/**
 * /admin/facturas (docs/decisions/0058): every factura with folio, customer, RFC, total, status and
 * date; filters and CSV; "Facturar una compra" for the desk; cancel with SAT's motive and the
 * factura global for the manager and the owner; retry of a failed one.
 */
export function FacturasPage() {
  const config = useAppConfig();
  const zone = config.timezone;
  const periodicity = periodicityOf(config.invoice_global_periodicity);
  // Cancelling, the factura global and the settings are the manager's and the owner's: from the
  // table the server enforces (decision 0069).
  const can = useStaffCan();
  const filters = useFacturaFilters();
  const facturas = useFacturas(filters.query);
  const retry = useRetryFactura();
  const checking = useCheckCancellation();
  const [deskOpen, setDeskOpen] = useState(false);
  const [globalOpen, setGlobalOpen] = useState(false);
  const [cancelling, setCancelling] = useState<FacturaRow | null>(null);
  const [retrying, setRetrying] = useState<FacturaRow | null>(null);
  const [tab, setTab] = useState<string | null>("list");
  const [covering, setCovering] = useState<FacturaRow | null>(null);

  const columns = facturaColumns(zone, Date.now(), {
    canCheckCancellation: can("checkCancellation"),
    canCancel: can("cancelFactura"),
    checkingId: checking.isPending ? (checking.variables ?? null) : null,
    onCheck: (r) =>
      checking.mutate(r.cfdi_id, {
        onSuccess: (answer) => notifySuccess(answer.pac_answer),
        onError: (error) => notifyError(error),
      }),
    onCancel: setCancelling,
    onRetry: setRetrying,
    onCovered: setCovering,
  });
  const confirmRetry = () =>
    retrying &&
    retry.mutate(retrying.cfdi_id, {
      onSuccess: () => {
        notifySuccess(f.retried);
        setRetrying(null);
      },
      onError: (error) => {
        notifyError(error);
        setRetrying(null);
      },
    });

  const list = (
    <Stack gap="lg">
      <FacturaFiltersBar filters={filters} />
      <AdminTable
        caption={f.caption}
        exportFilename="facturas"
        columns={columns}
        rows={facturas.data ?? []}
        loading={facturas.isPending}
        rowKey={(r) => r.cfdi_id}
        emptyText={f.empty}
        initialState={{ pageSize: 25, sort: { key: "folio", desc: true } }}
        minWidth={860}
        searchPlaceholder={f.searchPlaceholder}
      />
    </Stack>
  );
  return (
    <AdminPage
      title={f.title}
      error={facturas.isError ? facturas.error : null}
      onRetry={() => facturas.refetch()}
      actions={
        <>
          <Button onClick={() => setDeskOpen(true)}>{f.desk.button}</Button>
          {can("facturaGlobal") ? (
            <Button variant="light" onClick={() => setGlobalOpen(true)}>
              {f.global.button}
            </Button>
          ) : null}
        </>
      }
    >
      {can("facturaSettings") && can("editSettings") ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="list">{f.tabs.list}</Tabs.Tab>
            <Tabs.Tab value="settings">{f.tabs.settings}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="list">{list}</Tabs.Panel>
          <Tabs.Panel value="settings">
            <FacturacionSettingsPanel timeZone={zone} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        list
      )}
      <FacturarModal opened={deskOpen} onClose={() => setDeskOpen(false)} timeZone={zone} />
      {can("facturaGlobal") ? (
        <GlobalFacturaModal
          opened={globalOpen}
          onClose={() => setGlobalOpen(false)}
          defaultDay={lastDayOf(previousPeriod(periodOf(new Date(), zone, periodicity)))}
          periodicity={periodicity}
          timeZone={zone}
        />
      ) : null}
      <CancelFacturaModal row={cancelling} onClose={() => setCancelling(null)} />
      <GlobalPurchasesModal row={covering} onClose={() => setCovering(null)} timeZone={zone} />
      <ConfirmModal
        opened={retrying !== null}
        title={f.retryTitle}
        message={retrying ? f.retryConfirm(retrying.cfdi_id) : ""}
        confirmLabel={f.retry}
        color="brand"
        loading={retry.isPending}
        onConfirm={confirmRetry}
        onClose={() => setRetrying(null)}
      />
    </AdminPage>
  );
}
