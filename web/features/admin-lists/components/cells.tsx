import { Anchor, Badge, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate, formatTime } from "../../../../domain/format";

/** Day over time, so a date never takes three lines in a narrow column. */
export function DateTimeCell({ at, zone }: { at: string; zone: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {formatDate(at, zone)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatTime(at, zone)}
      </Text>
    </Stack>
  );
}

/** A status label that keeps its whole text (Mantine's badge would cut it in a tight column). */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} tt="none" style={{ minWidth: "max-content" }}>
      {children}
    </Badge>
  );
}

/** The customer's name, linked to their admin page. */
export function CustomerLink({ id, name }: { id: number; name: string }) {
  return (
    <Anchor component={Link} to={`/admin/clientes/${id}`} size="sm" fw={600}>
      {name}
    </Anchor>
  );
}
