import { Alert, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";
import { AdminPage } from "../../../components/admin/page-frame";
import { useStaffCan } from "../../../lib/staff-permissions";
import { useAutomations } from "../api";
import { AutomationCard } from "../components/automation-card";
import { messagingCopy as c } from "../copy";

/**
 * /admin/mensajes-automaticos: the messages that bring customers back
 * (docs/product-rules.md#messaging-automations). Owner and manager read it; only the owner
 * switches and edits (the permissions table).
 */
export function AutomationsPage() {
  const list = useAutomations();
  const can = useStaffCan();
  return (
    <AdminPage
      title={c.automationsTitle}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      actions={
        <Button
          component={Link}
          to="/admin/mensajes"
          variant="subtle"
          leftSection={<IconArrowLeft size={18} />}
        >
          {c.backToInbox}
        </Button>
      }
    >
      <Stack gap="md">
        <Text c="dimmed" size="sm" maw={760}>
          {c.automationsIntro}
        </Text>
        {can("editAutomation") ? null : (
          <Alert color="blue" variant="light">
            {c.ownerOnly}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.data?.map((row) => (
            <AutomationCard key={row.automation} row={row} />
          ))}
        </SimpleGrid>
      </Stack>
    </AdminPage>
  );
}
