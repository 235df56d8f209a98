import { Button, Stack, Text } from "@mantine/core";
import { IconMessageBolt } from "@tabler/icons-react";
import { Link } from "react-router";
import { AdminPage } from "../../../components/admin/page-frame";
import { useStaffCan } from "../../../lib/staff-permissions";
import { useInbox } from "../api";
import { InboxItem } from "../components/inbox-item";
import { messagingCopy as c } from "../copy";

/**
 * /admin/mensajes: the replies waiting for the desk (docs/product-rules.md#messaging-inbox).
 * The automations' link shows only to roles that may read them.
 */
export function InboxPage() {
  const inbox = useInbox();
  const can = useStaffCan();
  return (
    <AdminPage
      title={c.inboxTitle}
      loading={inbox.isPending}
      error={inbox.error}
      onRetry={() => void inbox.refetch()}
      actions={
        can("viewAutomations") ? (
          <Button
            component={Link}
            to="/admin/mensajes-automaticos"
            variant="light"
            leftSection={<IconMessageBolt size={18} />}
          >
            {c.automationsLink}
          </Button>
        ) : null
      }
    >
      <Stack gap="md" maw={760}>
        <Text c="dimmed" size="sm">
          {c.inboxIntro}
        </Text>
        {inbox.data?.length === 0 ? <Text>{c.inboxEmpty}</Text> : null}
        {inbox.data?.map((item) => (
          <InboxItem key={item.message_id} item={item} />
        ))}
      </Stack>
    </AdminPage>
  );
}
