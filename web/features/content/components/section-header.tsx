import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./sections.module.css";

/** Title (h2 on the home page), optional subtitle and an action on the right (e.g. "Ver todos"). */
export function SectionHeader({
  id,
  title,
  subtitle,
  action,
  order = 2,
}: {
  id: string;
  title: string;
  subtitle?: string;
  action?: ReactNode;
  order?: 1 | 2;
}) {
  return (
    <div className={classes.header}>
      <Stack gap={6} maw={640}>
        <Title id={id} order={order} className={classes.title}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="lg">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {action}
    </div>
  );
}
