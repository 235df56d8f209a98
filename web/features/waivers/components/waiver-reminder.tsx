import { Alert, Button, Group, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { useMyWaiver } from "../api";
import { waiversCopy as c } from "../copy";

/**
 * The account's reminder to sign (at sign-up, on arrival, and before the first class): shown while
 * the current version is unsigned, except on the signing page itself.
 */
export function WaiverReminder({ isCustomer }: { isCustomer: boolean }) {
  const { pathname } = useLocation();
  const mine = useMyWaiver(isCustomer);
  const state = mine.data?.state;
  if (!isCustomer || pathname.startsWith("/mystudio/carta-responsiva")) return null;
  if (state !== "missing" && state !== "outdated") return null;
  return (
    <Alert color="yellow" mb="md" data-testid="waiver-reminder">
      <Group justify="space-between" wrap="wrap">
        <Text>{state === "outdated" ? c.outdated : c.missing}</Text>
        <Button component={Link} to="/mystudio/carta-responsiva" size="sm">
          {c.remind}
        </Button>
      </Group>
    </Alert>
  );
}
