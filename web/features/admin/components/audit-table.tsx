import { Anchor, Code } from "@mantine/core";
import { Link } from "react-router";
import { formatDateTime } from "../../../../domain/format";
import { STAFF_ROLE_LABELS } from "../../../../domain/staff";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { useAppConfig } from "../../../lib/app-config";
import type { AuditEntry } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.audit;

export const actionLabel = (action: string) => c.actions[action] ?? action;
const fieldLabel = (key: string) => c.fields[key] ?? key;

/** A short, readable summary of an entry's details for the table and the CSV. */
export function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return "";
  const plain = Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => `${fieldLabel(k)}: ${valueText(v)}`);
  return [...plain, ...changesText(details)].join(" · ");
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(", ") : "—";
  if (typeof value === "object") return Object.values(value).filter(Boolean).map(String).join(", ") || "—";
  return String(value);
}

/** A change's { before, after } as "Teléfono: 5511… → 5522…" per field. */
function changesText(details: Record<string, unknown>): string[] {
  const before = details.before as Record<string, unknown> | null | undefined;
  const after = details.after as Record<string, unknown> | null | undefined;
  if (typeof after !== "object" || after === null) return [];
  return Object.keys(after).map(
    (key) => `${fieldLabel(key)}: ${valueText(before?.[key])} → ${valueText(after[key])}`,
  );
}

/** The audit log (who, what, when) of the whole studio or of one customer. */
export function AuditTable({
  entries,
  withCustomer = true,
}: {
  entries: AuditEntry[];
  withCustomer?: boolean;
}) {
  const config = useAppConfig();
  const columns: AdminColumn<AuditEntry>[] = [
    {
      key: "createdAt",
      header: c.when,
      value: (e) => e.createdAt,
      render: (e) => formatDateTime(e.createdAt, config.timezone),
    },
    {
      key: "actor",
      header: c.who,
      value: (e) =>
        e.actor_name
          ? `${e.actor_name}${e.actor_role ? ` (${STAFF_ROLE_LABELS[e.actor_role]})` : ""}`
          : (e.actor_email ?? "—"),
    },
    { key: "action", header: c.what, value: (e) => actionLabel(e.action) },
    ...(withCustomer
      ? [
          {
            key: "customer",
            header: c.customer,
            value: (e: AuditEntry) => e.customer_name,
            render: (e: AuditEntry) =>
              e.customer_id ? (
                <Anchor component={Link} to={`/admin/clientes/${e.customer_id}`} size="sm">
                  {e.customer_name ?? `#${e.customer_id}`}
                </Anchor>
              ) : (
                "—"
              ),
          },
        ]
      : []),
    {
      key: "details",
      header: c.details,
      value: (e) => detailsText(e.details),
      sortable: false,
      render: (e) => (
        <Code fz="xs" style={{ whiteSpace: "normal" }}>
          {detailsText(e.details) || "—"}
        </Code>
      ),
    },
  ];
  return (
    <AdminTable
      caption={c.title}
      exportFilename="bitacora"
      columns={columns}
      rows={entries}
      rowKey={(e) => e.audit_log_id}
      initialState={{ pageSize: 10, sort: { key: "createdAt", desc: true } }}
      minWidth={720}
    />
  );
}
