import { Paper, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled panel of the dashboard. */
export function DashboardCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
