import { Badge } from "@mantine/core";
import { STATUS_COLOR } from "../copy";

// A long status ("No enviado: sin consentimiento") wraps inside its column instead of being cut
// to "No enviado: si…", as Mantine's one-line badge label would.
const WRAPPING = {
  root: { height: "auto", maxWidth: "100%", paddingBlock: 2 },
  label: { whiteSpace: "normal", overflow: "visible", textOverflow: "clip" },
} as const;

/** Enviado, entregado, leído, falló… as the server names it (docs/product-rules.md#messaging-status). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge
      color={`${STATUS_COLOR[status] ?? "gray"}.9`}
      variant="light"
      radius="sm"
      tt="none"
      styles={WRAPPING}
    >
      {label}
    </Badge>
  );
}
