import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundPage } from "../features/content/pages/not-found-page";
import { copy } from "./copy";

/** Error boundary of the routes: 404 responses show the 404 page; anything else offers a reload. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
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
