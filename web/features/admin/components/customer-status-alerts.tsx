import { Alert, Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDate } from "../../../../domain/format";
import type { CustomerDetail } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.customers;

/**
 * Why the account is not in use (merged into another, closed, deactivated) and an ARCO closure the
 * customer asked for and staff has not done yet (decision 0024: both live in the audit log).
 */
export function CustomerStatusAlerts({
  detail,
  closed,
  timeZone,
}: {
  detail: CustomerDetail;
  closed: boolean;
  timeZone: string;
}) {
  const { customer } = detail;
  const closureAsked = closed ? undefined : detail.audit.find((e) => e.action === "customer.closure_request");
  return (
    <>
      {customer.merged_into_id !== null ? (
        <Alert color="gray" variant="light" title={c.deactivated}>
          <Group gap="xs">
            <Text size="sm">{c.mergedInto}</Text>
            <Anchor component={Link} to={`/admin/clientes/${customer.merged_into_id}`} size="sm">
              {c.openKept}
            </Anchor>
          </Group>
        </Alert>
      ) : closed ? (
        <Alert color="gray" variant="light" title={c.deactivated}>
          {c.closed}
        </Alert>
      ) : customer.deactivatedAt ? (
        <Alert color="red" variant="light" title={c.deactivated}>
          {c.deactivatedSince(formatDate(customer.deactivatedAt, timeZone))}
        </Alert>
      ) : null}
      {closureAsked ? (
        <Alert color="orange" variant="light" title={c.closureRequested}>
          {c.closureRequestedHint(formatDate(closureAsked.createdAt, timeZone))}
        </Alert>
      ) : null}
    </>
  );
}
