import { Anchor, Badge, Button, Group, NativeSelect, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import {
  parsePeriod,
  periodicityOf,
  periodLabel,
  periodOf,
  previousPeriod,
} from "../../../../domain/fiscal/invoicing";
import { formatDate, formatMoney } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { type FacturaRow, facturaDocUrl, useCheckCancellation, useFacturas, useRetryFactura } from "../api";
import { CancelFacturaModal } from "../components/cancel-modal";
import { FacturarModal } from "../components/facturar-modal";
import { GlobalFacturaModal } from "../components/global-modal";
import { GlobalPurchasesModal } from "../components/global-purchases-modal";
import { FacturacionSettingsPanel } from "../components/settings-panel";
import { facturasCopy as f } from "../copy";

/** A pending factura this old counts as failed (decision 0057): its retry is offered. */
const STALE_PENDING_MS = 6 * 60_000;

const statusColor: Record<string, string> = {
  valid: "green",
  pending: "yellow",
  failed: "red",
  cancelled: "gray",
};

/** Waiting for the receiver's acceptance (docs/decisions/0072); older rows have no status: a motive on a valid one. */
const awaitingReceiver = (row: FacturaRow) =>
  row.status === "valid" &&
  (row.cancellation_status === "pending" || (!row.cancellation_status && Boolean(row.cancellation_motive)));

function statusLabel(row: FacturaRow): string {
  if (awaitingReceiver(row))
    return `${f.cancelPending} (${row.cancellation_motive}): ${f.cancellation.pending}`;
  if (row.status === "valid" && row.cancellation_status)
    return `${f.statuses.valid}: ${f.cancellation[row.cancellation_status]}`;
  if (row.status === "cancelled" && row.cancellation_motive)
    return `${f.statuses.cancelled} (${row.cancellation_motive})`;
  return f.statuses[row.status];
}

/** "2026-10-31": the last day of a period (its day before the end), for the global's picker. */
function lastDayOf(period: string): string {
  const end = parsePeriod(period)?.end;
  if (!end) return "";
  const d = new Date(Date.UTC(end.year, end.month - 1, end.day - 1));
  return d.toISOString().slice(0, 10);
}

const retryable = (row: FacturaRow, now: number) =>
  row.status === "failed" ||
  (row.status === "pending" && now - new Date(row.createdAt).getTime() > STALE_PENDING_MS);

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
  const [status, setStatus] = useState("");
  const [kind, setKind] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const facturas = useFacturas({
    status: status || undefined,
    kind: kind || undefined,
    from: from || undefined,
    to: to && (!from || to >= from) ? to : undefined,
  });
  const retry = useRetryFactura();
  const checking = useCheckCancellation();
  const [deskOpen, setDeskOpen] = useState(false);
  const [globalOpen, setGlobalOpen] = useState(false);
  const [cancelling, setCancelling] = useState<FacturaRow | null>(null);
  const [retrying, setRetrying] = useState<FacturaRow | null>(null);
  const [tab, setTab] = useState<string | null>("list");
  const [covering, setCovering] = useState<FacturaRow | null>(null);
  const now = Date.now();

  const columns: AdminColumn<FacturaRow>[] = [
    { key: "folio", header: f.columns.folio, value: (r) => r.cfdi_id, width: 70 },
    {
      key: "date",
      header: f.columns.date,
      value: (r) => r.issuedAt ?? r.createdAt,
      render: (r) => formatDate(r.issuedAt ?? r.createdAt, zone),
    },
    {
      key: "customer",
      header: f.columns.customer,
      value: (r) =>
        r.kind === "global" || r.rfc === "XAXX010101000" ? f.publicoGeneral : (r.customer_name ?? ""),
      render: (r) =>
        r.kind === "global" ? (
          <Text size="sm">
            {f.kinds.global} · {r.period ? periodLabel(r.period) : ""}
          </Text>
        ) : (
          <Text size="sm">{r.customer_name ?? "—"}</Text>
        ),
    },
    {
      key: "rfc",
      header: f.columns.rfc,
      value: (r) => r.rfc,
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.rfc}
        </Text>
      ),
    },
    { key: "razon", header: f.columns.razonSocial, value: (r) => r.razon_social, screen: false },
    { key: "kind", header: f.columns.kind, value: (r) => f.kinds[r.kind], screen: false },
    {
      key: "total",
      header: f.columns.total,
      value: (r) => r.total,
      render: (r) => formatMoney(r.total),
      align: "right",
    },
    {
      key: "status",
      header: f.columns.status,
      value: (r) => statusLabel(r),
      render: (r) => (
        <Group gap={4} wrap="wrap" maw={240}>
          <Badge color={awaitingReceiver(r) ? "yellow" : statusColor[r.status]} variant="light">
            {awaitingReceiver(r) ? f.awaitingBadge : f.statuses[r.status]}
          </Badge>
          {r.cancellation_motive ? <Text size="xs">{f.motive(r.cancellation_motive)}</Text> : null}
          {awaitingReceiver(r) ? (
            <Text size="xs" title={f.cancellationHint}>
              {f.cancellation.pending}
            </Text>
          ) : r.status === "valid" && r.cancellation_status ? (
            <Text size="xs" c="red.8">
              {f.cancellation[r.cancellation_status]}
            </Text>
          ) : null}
          {r.kind === "egreso" && r.related_cfdi_id ? (
            <Text size="xs">{f.relatedTo(r.related_cfdi_id)}</Text>
          ) : null}
          {r.preview ? (
            // Light, not outline: the theme darkens a light badge's text to AA contrast (web/app/theme.ts);
            // an outline's orange text on white is under it (axe).
            <Badge color="orange" variant="light">
              {f.preview}
            </Badge>
          ) : null}
          {r.status === "failed" && r.error ? (
            <Text size="xs" c="red.8">
              {r.error}
            </Text>
          ) : null}
        </Group>
      ),
    },
    { key: "uuid", header: f.columns.uuid, value: (r) => r.uuid ?? "", screen: false },
    {
      key: "actions",
      header: f.columns.actions,
      csv: false,
      sortable: false,
      render: (r) => (
        <Group gap={10} wrap="nowrap">
          {r.status === "valid" || r.status === "cancelled" ? (
            <>
              <Anchor href={facturaDocUrl(r.cfdi_id, "pdf")} download fz="sm">
                {f.pdf}
              </Anchor>
              <Anchor href={facturaDocUrl(r.cfdi_id, "xml")} download fz="sm">
                {f.xml}
              </Anchor>
            </>
          ) : null}
          {r.kind === "global" ? (
            <Button size="compact-sm" variant="subtle" onClick={() => setCovering(r)}>
              {f.covered.button}
            </Button>
          ) : null}
          {can("checkCancellation") && awaitingReceiver(r) ? (
            <Button
              size="compact-sm"
              variant="light"
              loading={checking.isPending && checking.variables === r.cfdi_id}
              onClick={() =>
                checking.mutate(r.cfdi_id, {
                  onSuccess: (answer) => notifySuccess(answer.pac_answer),
                  onError: (error) => notifyError(error),
                })
              }
            >
              {f.checkSat}
            </Button>
          ) : null}
          {can("cancelFactura") && r.status === "valid" && !awaitingReceiver(r) ? (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setCancelling(r)}>
              {f.cancel}
            </Button>
          ) : null}
          {retryable(r, now) ? (
            <Button size="compact-sm" variant="light" onClick={() => setRetrying(r)}>
              {f.retry}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  const today = new Date();
  const list = (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end" wrap="wrap" component="section" aria-label={f.filters}>
        <NativeSelect
          label={f.status}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
          data={[
            { value: "", label: f.any },
            ...Object.entries(f.statuses).map(([value, label]) => ({ value, label })),
          ]}
          w={{ base: "calc(50% - 6px)", sm: 150 }}
        />
        <NativeSelect
          label={f.kind}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value)}
          data={[
            { value: "", label: f.any },
            ...Object.entries(f.kinds).map(([value, label]) => ({ value, label })),
          ]}
          w={{ base: "calc(50% - 6px)", sm: 170 }}
        />
        <TextInput
          type="date"
          label={f.from}
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={{ base: "calc(50% - 6px)", sm: 160 }}
        />
        <TextInput
          type="date"
          label={f.to}
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={{ base: "calc(50% - 6px)", sm: 160 }}
        />
      </Group>
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
          defaultDay={lastDayOf(previousPeriod(periodOf(today, zone, periodicity)))}
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
        onConfirm={() =>
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
          })
        }
        onClose={() => setRetrying(null)}
      />
    </AdminPage>
  );
}
