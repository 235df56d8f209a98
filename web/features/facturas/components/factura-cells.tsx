import { Anchor, Badge, Button, Group, Text } from "@mantine/core";
import { type FacturaRow, facturaDocUrl } from "../api";
import { facturasCopy as f } from "../copy";
import { awaitingReceiver, retryable, statusColor } from "../factura-status";

/** A factura's status: the badge, then its cancellation, relation, preview and error. */
export function FacturaStatusCell({ r }: { r: FacturaRow }) {
  return (
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
  );
}

/** What the staff may do with a factura (decision 0069 says who): the server enforces it too. */
export interface FacturaActionHandlers {
  canCheckCancellation: boolean;
  canCancel: boolean;
  /** The factura whose cancellation is being asked of SAT now. */
  checkingId: number | null;
  onCheck: (r: FacturaRow) => void;
  onCancel: (r: FacturaRow) => void;
  onRetry: (r: FacturaRow) => void;
  onCovered: (r: FacturaRow) => void;
}

/** PDF and XML, the purchases a global covers, ask SAT, cancel, retry. */
export function FacturaActions({ r, now, h }: { r: FacturaRow; now: number; h: FacturaActionHandlers }) {
  return (
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
        <Button size="compact-sm" variant="subtle" onClick={() => h.onCovered(r)}>
          {f.covered.button}
        </Button>
      ) : null}
      {h.canCheckCancellation && awaitingReceiver(r) ? (
        <Button
          size="compact-sm"
          variant="light"
          loading={h.checkingId === r.cfdi_id}
          onClick={() => h.onCheck(r)}
        >
          {f.checkSat}
        </Button>
      ) : null}
      {h.canCancel && r.status === "valid" && !awaitingReceiver(r) ? (
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onCancel(r)}>
          {f.cancel}
        </Button>
      ) : null}
      {retryable(r, now) ? (
        <Button size="compact-sm" variant="light" onClick={() => h.onRetry(r)}>
          {f.retry}
        </Button>
      ) : null}
    </Group>
  );
}
