import { Alert, Badge, Button, Card, Collapse, Group, Stack, Text, Textarea } from "@mantine/core";
import { IconClockOff } from "@tabler/icons-react";
import { useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { type InboxItem as Item, useReply } from "../api";
import { messagingCopy as c } from "../copy";
import { Conversation } from "./conversation";

const channelName = (channel: string) => c.channels[channel as keyof typeof c.channels] ?? channel;

/**
 * One customer's reply waiting in the inbox (docs/product-rules.md#messaging-inbox): the message,
 * the conversation on demand, and the answer box while WhatsApp's 24-hour window is open (SMS has
 * none); past it, why it cannot be answered here.
 */
export function InboxItem({ item }: { item: Item }) {
  const { timezone } = useAppConfig();
  const reply = useReply();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const labelId = `respuesta-${item.message_id}`;

  function send() {
    if (!text.trim()) return;
    reply.mutate(
      { id: item.message_id, text: text.trim() },
      { onSuccess: (d) => notifySuccess(d.message), onError: notifyError },
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={item.customer_name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{item.customer_name}</Text>
            <Badge color={item.channel === "whatsapp" ? "green.9" : "blue.9"} variant="light" tt="none">
              {channelName(item.channel)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {c.received(formatDateTime(item.created_at, timezone))}
          </Text>
        </Group>
        <Text style={{ whiteSpace: "pre-line" }}>{item.body}</Text>
        {item.customer_id ? (
          <>
            <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setOpen((o) => !o)}>
              {open ? c.hideConversation : c.showConversation}
            </Button>
            <Collapse in={open}>{open ? <Conversation customerId={item.customer_id} /> : null}</Collapse>
          </>
        ) : null}
        {item.can_reply ? (
          <Stack gap="xs">
            <Textarea
              id={labelId}
              label={c.replyLabel(item.customer_name)}
              placeholder={c.replyPlaceholder}
              autosize
              minRows={2}
              maxLength={1000}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="xs" c="dimmed">
                {item.reply_until ? c.replyUntil(formatDateTime(item.reply_until, timezone)) : c.smsNoWindow}
              </Text>
              <Button onClick={send} loading={reply.isPending} disabled={!text.trim()}>
                {c.reply}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Alert color="yellow" variant="light" icon={<IconClockOff size={18} />} title={c.windowClosedTitle}>
            {c.windowClosed}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
