import { Text } from "@mantine/core";
import { periodLabel } from "../../../../domain/fiscal/invoicing";
import { formatDate, formatMoney } from "../../../../domain/format";
import type { AdminColumn } from "../../../components/admin/admin-table";
import type { FacturaRow } from "../api";
import { facturasCopy as f } from "../copy";
import { statusLabel } from "../factura-status";
import { type FacturaActionHandlers, FacturaActions, FacturaStatusCell } from "./factura-cells";

/** The facturas table's columns (the CSV's too: razón social, kind and UUID only there). */
export function facturaColumns(
  zone: string,
  now: number,
  handlers: FacturaActionHandlers,
): AdminColumn<FacturaRow>[] {
  return [
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
      render: (r) => <FacturaStatusCell r={r} />,
    },
    { key: "uuid", header: f.columns.uuid, value: (r) => r.uuid ?? "", screen: false },
    {
      key: "actions",
      header: f.columns.actions,
      csv: false,
      sortable: false,
      render: (r) => <FacturaActions r={r} now={now} h={handlers} />,
    },
  ];
}
