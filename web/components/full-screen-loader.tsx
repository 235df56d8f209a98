import { Center, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** Centered loader filling the viewport; `label` is announced to screen readers. */
export function FullScreenLoader({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden="true" />
        <Text c="dimmed" fw={500}>
          {label}
        </Text>
        {children}
      </Stack>
    </Center>
  );
}
