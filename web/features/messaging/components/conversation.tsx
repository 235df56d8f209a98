import { Box, Group, Loader, Stack, Text } from "@mantine/core";
import { formatDateTime } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import { useCustomerMessages } from "../api";
import { messagingCopy as c } from "../copy";
import { StatusBadge } from "./status-badge";

/** The customer's last messages, oldest first, as a chat: theirs on the left, the studio's on the right. */
export function Conversation({ customerId }: { customerId: number }) {
  const { timezone } = useAppConfig();
  const list = useCustomerMessages(customerId);
  if (list.isPending) return <Loader size="sm" role="status" aria-label={c.conversation} />;
  if (list.error) return <Text c="red.9">{list.error.message}</Text>;
  const recent = list.data.slice(0, 12).reverse();
  return (
    <Stack gap="xs" aria-label={c.conversation} role="log">
      {recent.map((m) => {
        const theirs = m.direction === "in";
        return (
          <Box
            key={m.message_id}
            maw="85%"
            ml={theirs ? 0 : "auto"}
            p="xs"
            bg={theirs ? "gray.1" : "teal.0"}
            style={{ borderRadius: 8 }}
          >
            <Text size="xs" fw={600} c="dimmed">
              {theirs ? c.fromCustomer : c.fromStudio} · {formatDateTime(m.created_at, timezone)}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {m.body}
            </Text>
            {theirs ? null : (
              <Group justify="flex-end" mt={4}>
                <StatusBadge status={m.status} label={m.status_label} />
              </Group>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
