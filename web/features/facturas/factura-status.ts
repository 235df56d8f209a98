import { parsePeriod } from "../../../domain/fiscal/invoicing";
import type { FacturaRow } from "./api";
import { facturasCopy as f } from "./copy";

/** A pending factura this old counts as failed (decision 0057): its retry is offered. */
const STALE_PENDING_MS = 6 * 60_000;

export const statusColor: Record<string, string> = {
  valid: "green",
  pending: "yellow",
  failed: "red",
  cancelled: "gray",
};

/** Waiting for the receiver's acceptance (docs/decisions/0072); older rows have no status: a motive on a valid one. */
export const awaitingReceiver = (row: FacturaRow) =>
  row.status === "valid" &&
  (row.cancellation_status === "pending" || (!row.cancellation_status && Boolean(row.cancellation_motive)));

/** The status in words, as the CSV and the table's search read it. */
export function statusLabel(row: FacturaRow): string {
  if (awaitingReceiver(row))
    return `${f.cancelPending} (${row.cancellation_motive}): ${f.cancellation.pending}`;
  if (row.status === "valid" && row.cancellation_status)
    return `${f.statuses.valid}: ${f.cancellation[row.cancellation_status]}`;
  if (row.status === "cancelled" && row.cancellation_motive)
    return `${f.statuses.cancelled} (${row.cancellation_motive})`;
  return f.statuses[row.status];
}

/** "2026-10-31": the last day of a period (its day before the end), for the global's picker. */
export function lastDayOf(period: string): string {
  const end = parsePeriod(period)?.end;
  if (!end) return "";
  const d = new Date(Date.UTC(end.year, end.month - 1, end.day - 1));
  return d.toISOString().slice(0, 10);
}

export const retryable = (row: FacturaRow, now: number) =>
  row.status === "failed" ||
  (row.status === "pending" && now - new Date(row.createdAt).getTime() > STALE_PENDING_MS);
