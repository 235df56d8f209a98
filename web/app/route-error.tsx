import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { copy } from "../lib/copy";

/**
 * What a route shows when its page failed to render or its code failed to load (a deploy replaced
 * the chunk): an offer to reload. Unknown paths never get here: every branch ends in a "*" route
 * with the 404 page. Rendered by the error boundary in element-routes.tsx.
 */
export function RouteError() {
  return (
    <Center py={96} px="md" style={{ flex: 1 }} role="alert">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        <Title order={1} fz={26}>
          {copy.app.routeError}
        </Title>
        <Text c="dimmed">{copy.app.routeErrorHint}</Text>
        <Button
          onClick={() => window.location.reload()}
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
        >
          {copy.app.reload}
        </Button>
      </Stack>
    </Center>
  );
}
