import { Button, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { videosCopy } from "../copy";

/** Shown when the library answers 412: no active online membership, with a link to the shop. */
export function NoMembership() {
  const config = useAppConfig();
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} data-testid="no-membership">
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <IconLock size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={700} size="lg">
          {videosCopy.noMembership}
        </Text>
        <Text c="dimmed" maw={440}>
          {videosCopy.noMembershipHint}
        </Text>
        <Button component={Link} to={`/mystudio/${packagesPathSegment(config)}`} radius="xl">
          {config.class_packages_name || videosCopy.goToShop}
        </Button>
      </Stack>
    </Paper>
  );
}
