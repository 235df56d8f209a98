import { AppShell, Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconLock } from "@tabler/icons-react";
import { Link, Outlet } from "react-router";
import { copy } from "../copy";
import { Brand } from "./brand";
import classes from "./layouts.module.css";
import { RequireUser } from "./require-user";

/** /admin/*: administrators only. A placeholder shell that the admin work fills in. */
export function AdminLayout() {
  return (
    <RequireUser>
      {(user) =>
        user.role !== "admin" ? (
          <Center mih="100dvh" p="md">
            <Stack align="center" gap="sm" ta="center">
              <IconLock size={40} aria-hidden="true" />
              <Title order={1} fz={26}>
                {copy.admin.title}
              </Title>
              <Text c="dimmed">{copy.admin.forbidden}</Text>
              <Button component={Link} to="/mystudio" variant="light">
                {copy.nav.myAccount}
              </Button>
            </Stack>
          </Center>
        ) : (
          <AppShell header={{ height: 64 }} padding={0}>
            <AppShell.Header>
              <a href="#contenido" className={classes.skipLink}>
                {copy.app.skipToContent}
              </a>
              <Group h="100%" px="md" justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <Brand />
                  <Text c="dimmed" fw={600} visibleFrom="xs">
                    / {copy.admin.title}
                  </Text>
                </Group>
                <Button
                  component={Link}
                  to="/"
                  variant="subtle"
                  leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                >
                  {copy.nav.backToSite}
                </Button>
              </Group>
            </AppShell.Header>
            <AppShell.Main
              id="contenido"
              tabIndex={-1}
              className={classes.accountMain}
              style={{ outline: "none" }}
            >
              <Outlet />
            </AppShell.Main>
          </AppShell>
        )
      }
    </RequireUser>
  );
}

export { AdminLayout as Component };
