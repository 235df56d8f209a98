import { Alert, Button, Center, Group, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { kitCopy } from "./copy";

/** The frame of every admin screen: title, actions, and the loading / error states of its data. */
export function AdminPage({
  title,
  actions,
  children,
  loading,
  error,
  onRetry,
  above,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  above?: ReactNode;
}) {
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} maw={1280} mx="auto">
      {above}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {error ? (
        <Alert color="red" title={kitCopy.error}>
          <Stack gap="xs" align="flex-start">
            {error.message}
            {onRetry ? (
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
                {kitCopy.retry}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : loading ? (
        <Center p="xl">
          <Loader role="status" aria-label={kitCopy.loading} />
        </Center>
      ) : (
        children
      )}
    </Stack>
  );
}

/** "2025-03-07" → "7/3" for chart axes. */
export function shortDay(day: string): string {
  const [, m, d] = day.split("-");
  return `${Number(d)}/${Number(m)}`;
}
