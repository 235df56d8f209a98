import { Group, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One titled card of the customer page; its title names the landmark for screen readers and journeys. */
export function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** A labelled value of the record; an empty one shows a dash. */
export function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm">{value || "—"}</Text>
    </div>
  );
}
