import { Alert, Anchor, Button, Center, Group, Loader, Text } from "@mantine/core";
import { useState } from "react";
import { formatDate, formatMoney } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { kitCopy } from "../../../components/admin/copy";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type AdminFactura, adminFacturaUrl, useCustomerFacturas, useRetryFactura } from "../api";
import { adminCopy } from "../copy";

const f = adminCopy.facturas;

/** The factura's state in words and its colour: the failure's reason is the PAC's own text. */
export function facturaStatus(row: AdminFactura): { label: string; color: string } {
  if (row.status === "failed") return { label: f.error(row.error), color: "red.8" };
  if (row.status === "pending") return { label: f.pending, color: "yellow.9" };
  if (row.status === "cancelled") return { label: f.cancelled, color: "gray.7" };
  if (row.kind === "egreso") return { label: f.creditNote, color: "grape.8" };
  if (row.preview) return { label: f.preview, color: "orange.9" };
  return { label: f.issued, color: "green.8" };
}

/**
 * The customer's facturas and notas de crédito in their record (decision 0036): state, folio
 * fiscal, PDF and XML through the back office's route (the session cookie goes with the link), and
 * "Reintentar" on a failed one after a confirmation; the API's Spanish reason on a new failure.
 */
export function CustomerFacturas({
  customerId,
  purchaseTitles,
  timeZone,
}: {
  customerId: number;
  /** purchase_id → the package's title, to name what each factura is for. */
  purchaseTitles: ReadonlyMap<number, string>;
  timeZone: string;
}) {
  const facturas = useCustomerFacturas(customerId);
  const retry = useRetryFactura(customerId);
  const [pending, setPending] = useState<AdminFactura | null>(null);

  const concept = (row: AdminFactura) => {
    if (row.kind === "global") return f.global(row.period);
    const title = row.purchase_id
      ? (purchaseTitles.get(row.purchase_id) ?? f.purchase(row.purchase_id))
      : f.creditNote;
    return row.kind === "egreso" ? f.refundOf(title) : title;
  };

  const columns: AdminColumn<AdminFactura>[] = [
    {
      key: "date",
      header: f.date,
      value: (row) => row.issuedAt ?? row.createdAt,
      render: (row) => formatDate(row.issuedAt ?? row.createdAt, timeZone),
    },
    { key: "concept", header: f.concept, value: concept },
    {
      key: "status",
      header: f.status,
      value: (row) => facturaStatus(row).label,
      render: (row) => {
        const s = facturaStatus(row);
        return (
          <Text size="sm" fw={600} c={s.color} maw={260}>
            {s.label}
          </Text>
        );
      },
    },
    {
      key: "uuid",
      header: f.uuid,
      value: (row) => row.uuid ?? "",
      render: (row) =>
        row.uuid ? (
          <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }} maw={200}>
            {row.uuid}
          </Text>
        ) : (
          "—"
        ),
    },
    { key: "rfc", header: f.receiver, value: (row) => row.rfc, screen: false },
    {
      key: "total",
      header: f.total,
      value: (row) => row.total,
      render: (row) => formatMoney(row.total),
      align: "right",
    },
    {
      key: "actions",
      header: f.actions,
      csv: false,
      sortable: false,
      render: (row) => {
        if (row.status === "failed")
          return (
            <Button size="compact-sm" variant="light" onClick={() => setPending(row)}>
              {f.retry}
            </Button>
          );
        if (row.status === "pending") return null;
        return (
          <Group gap={12} wrap="nowrap">
            <Anchor href={adminFacturaUrl(row.cfdi_id, "pdf")} download fz="sm">
              {f.pdf}
            </Anchor>
            <Anchor href={adminFacturaUrl(row.cfdi_id, "xml")} download fz="sm">
              {f.xml}
            </Anchor>
          </Group>
        );
      },
    },
  ];

  if (facturas.isPending)
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label={kitCopy.loading} />
      </Center>
    );
  if (facturas.isError)
    return (
      <Alert color="red" variant="light">
        {facturas.error.message || f.loadError}
      </Alert>
    );
  if (facturas.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {f.empty}
      </Text>
    );

  return (
    <>
      <AdminTable
        caption={f.title}
        exportFilename={`facturas-${customerId}`}
        columns={columns}
        rows={facturas.data}
        rowKey={(row) => row.cfdi_id}
        initialState={{ pageSize: 10, sort: { key: "date", desc: true } }}
        minWidth={820}
      />
      <ConfirmModal
        opened={pending !== null}
        title={f.retryTitle}
        message={pending ? f.retryConfirm(concept(pending)) : ""}
        confirmLabel={f.retry}
        color="brand"
        loading={retry.isPending}
        onConfirm={() =>
          pending &&
          retry.mutate(pending.cfdi_id, {
            onSuccess: (r) => {
              notifySuccess(r.factura.preview ? f.retriedPreview : f.retried);
              setPending(null);
            },
            onError: (error) => {
              notifyError(error);
              setPending(null);
            },
          })
        }
        onClose={() => setPending(null)}
      />
    </>
  );
}
