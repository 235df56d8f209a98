import { Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { AGGREGATOR_NAMES } from "../../../../domain/aggregators";
import { formatDateTime } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { type UnvalidatedVisit, useRetryValidation } from "../api";
import { aggregatorsCopy as c } from "../copy";

/** The desk's list of checked-in aggregator visits the aggregator has not confirmed yet. */
export function VisitsTable({ visits }: { visits: UnvalidatedVisit[] }) {
  const zone = useAppConfig().timezone;
  const can = useStaffCan();
  const retry = useRetryValidation();
  if (visits.length === 0) return <Text>{c.noVisits}</Text>;
  const ask = (id: number) =>
    retry.mutate(id, { onSuccess: (a) => notifySuccess(a.message), onError: (e) => notifyError(e) });
  return (
    <Stack gap="xs">
      <Text size="sm">{c.visitsHint}</Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder aria-label={c.tabs.visits}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.member}</Table.Th>
              <Table.Th>{c.platform}</Table.Th>
              <Table.Th>{c.klass}</Table.Th>
              <Table.Th>{c.deadline}</Table.Th>
              <Table.Th>{c.state}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visits.map((v) => (
              <Table.Tr key={v.aggregator_booking_id} data-testid="unvalidated-visit">
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {v.member_name || v.member_external_id}
                    </Text>
                    {v.waiver_signed === false ? (
                      <Badge color="red.9" variant="filled" tt="none">
                        {c.noWaiver}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{AGGREGATOR_NAMES[v.aggregator]}</Table.Td>
                <Table.Td>
                  {v.class_type_name} · {formatDateTime(v.class_date, zone)}
                </Table.Td>
                <Table.Td>{formatDateTime(v.validation_deadline, zone)}</Table.Td>
                <Table.Td>
                  <Badge color={v.validation === "failed" ? "red.9" : "yellow.4"} autoContrast tt="none">
                    {c.validation[v.validation]}
                  </Badge>
                  {v.last_error ? (
                    <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                      {v.last_error}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {can("retryAggregatorValidation") ? (
                    <Button
                      size="sm"
                      h={44}
                      variant="light"
                      onClick={() => ask(v.aggregator_booking_id)}
                      loading={retry.isPending}
                    >
                      {c.retry}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
