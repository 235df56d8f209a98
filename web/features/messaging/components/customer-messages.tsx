import { Badge, Stack, Table, Text } from "@mantine/core";
import { formatDateTime } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import { type Message, useCustomerMessages } from "../api";
import { messagingCopy as c } from "../copy";
import { StatusBadge } from "./status-badge";

const channelName = (channel: string) => c.channels[channel as keyof typeof c.channels] ?? channel;

/**
 * The messages of one customer with their delivery status, for the customer record
 * (docs/product-rules.md#messaging-status). The record shows it only to roles that may read them.
 */
export function CustomerMessages({ customerId }: { customerId: number }) {
  const { timezone } = useAppConfig();
  const list = useCustomerMessages(customerId);
  if (list.error) return <Text c="red.9">{list.error.message}</Text>;
  if (!list.data) return null;
  if (list.data.length === 0) return <Text c="dimmed">{c.customerEmpty}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={c.customerTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.colDate}</Table.Th>
            <Table.Th>{c.colChannel}</Table.Th>
            <Table.Th>{c.colMessage}</Table.Th>
            <Table.Th w={150}>{c.colStatus}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((m) => (
            <Row key={m.message_id} message={m} timezone={timezone} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Row({ message: m, timezone }: { message: Message; timezone: string }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(m.created_at, timezone)}</Table.Td>
      <Table.Td>{channelName(m.channel)}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {m.body}
          </Text>
          {m.automation ? (
            <Badge size="xs" color="gray.8" variant="outline" tt="none" w="fit-content">
              {c.automatic}
            </Badge>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <StatusBadge status={m.status} label={m.status_label} />
          {m.error ? (
            <Text size="xs" c="red.9">
              {m.error}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
