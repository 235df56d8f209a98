import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { AdminShell } from "../../features/admin/components/admin-shell";
import { copy } from "../copy";
import { Brand } from "./brand";
import classes from "./layouts.module.css";
import { RequireUser } from "./require-user";

/**
 * /admin/*: administrators only (the API enforces it too). A lazy chunk: customers never
 * download the back office. The frame itself lives in features/admin.
 */
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
          <AdminShell brand={<Brand />} skipLinkClass={classes.skipLink} mainClass={classes.accountMain} />
        )
      }
    </RequireUser>
  );
}

export { AdminLayout as Component };
