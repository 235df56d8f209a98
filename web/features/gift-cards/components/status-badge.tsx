import { Badge } from "@mantine/core";

/** Dark fills with white text or light fills with dark text (autoContrast): AA contrast either way. */
const COLORS: Record<string, string> = {
  active: "teal.9",
  pending: "yellow.2",
  spent: "gray.7",
  expired: "orange.2",
  void: "red.9",
  refunded: "grape.9",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge color={COLORS[status] ?? "gray.7"} autoContrast tt="none">
      {label}
    </Badge>
  );
}
