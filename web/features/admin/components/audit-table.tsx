import { Anchor, Code } from "@mantine/core";
import { Link } from "react-router";
import { formatDateTime } from "../../../../domain/format";
import { STAFF_ROLE_LABELS, type StaffRole } from "../../../../domain/staff";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { useAppConfig } from "../../../lib/app-config";
import { CATALOGUE_FIELD_LABELS } from "../../admin-catalogue/public";
import type { AuditEntry } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.audit;

/**
 * An action in Spanish: the studio's own actions by name, a catalogue or schedule change
 * ("class_package.update") by its verb and what it changed ("Edición · Paquete"). Never the code.
 */
export function actionLabel(action: string): string {
  const known = c.actions[action];
  if (known) return known;
  const [entity = "", verb = ""] = action.split(".");
  const what = c.entities[entity];
  const how = c.verbs[verb];
  return what && how ? `${how} · ${what}` : c.other;
}

/** A field's name as the form that changed it calls it, never its code. */
export const fieldLabel = (key: string) => c.fields[key] ?? CATALOGUE_FIELD_LABELS[key] ?? c.other;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A short, readable summary of an entry's details for the table and the CSV: every field, role,
 * state and date in Spanish (roles from STAFF_ROLE_LABELS, instants in the studio's zone).
 */
export function detailsText(details: Record<string, unknown> | null, timeZone?: string): string {
  if (!details) return "";
  const value = (key: string, v: unknown) => valueText(key, v, timeZone);
  const { before, after, ...rest } = details;
  const plain = Object.entries(rest)
    .filter(([, v]) => v !== null && v !== undefined && (typeof v !== "object" || Array.isArray(v)))
    .filter(([, v]) => !Array.isArray(v) || v.every((item) => typeof item !== "object"))
    .map(([k, v]) => `${fieldLabel(k)}: ${value(k, v)}`);
  // Attendance keeps its states as text: "Asistencia: Pendiente → Asistió".
  if (typeof before === "string" || typeof after === "string") {
    plain.push(`${fieldLabel("attendance")}: ${value("attendance", before)} → ${value("attendance", after)}`);
    return plain.join(" · ");
  }
  return [...plain, ...changesText(before, after, value)].join(" · ");
}

function valueText(key: string, value: unknown, timeZone?: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (Array.isArray(value))
    return value.length ? value.map((v) => valueText(key, v, timeZone)).join(", ") : "—";
  if (typeof value === "object") return Object.values(value).filter(Boolean).map(String).join(", ") || "—";
  if (key === "role") return STAFF_ROLE_LABELS[value as StaffRole] ?? String(value);
  const coded = c.values[key]?.[String(value)];
  if (coded) return coded;
  if (typeof value === "string" && ISO_INSTANT.test(value) && timeZone)
    return formatDateTime(value, timeZone);
  return String(value);
}

/** A change's { before, after } as "Teléfono: 5511… → 5522…" per field (either may be absent). */
function changesText(before: unknown, after: unknown, value: (key: string, v: unknown) => string): string[] {
  const was = (typeof before === "object" && before !== null ? before : {}) as Record<string, unknown>;
  const now = (typeof after === "object" && after !== null ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys.map((key) => `${fieldLabel(key)}: ${value(key, was[key])} → ${value(key, now[key])}`);
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
      value: (e) => detailsText(e.details, config.timezone),
      sortable: false,
      render: (e) => (
        <Code fz="xs" style={{ whiteSpace: "normal" }}>
          {detailsText(e.details, config.timezone) || "—"}
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
