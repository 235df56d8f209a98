import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatDate } from "../../../../domain/format";
import { STAFF_ROLE_LABELS } from "../../../../domain/staff";
import { useAppConfig } from "../../../lib/app-config";
import { type useStaff, useWithdrawInvitation } from "../api";
import { notifyError, notifySuccess } from "../notify";

/** "Invitaciones pendientes" with when each expires; one may be withdrawn. */
export function PendingInvitations({ staff }: { staff: ReturnType<typeof useStaff> }) {
  const config = useAppConfig();
  const withdraw = useWithdrawInvitation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz={18} mb="sm">
        Invitaciones pendientes
      </Title>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
        {(staff.data?.invitations ?? []).map((inv) => (
          <Group key={inv.staff_invitation_id} component="li" justify="space-between" wrap="wrap">
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {inv.email} · {STAFF_ROLE_LABELS[inv.role]} · vence el{" "}
              {formatDate(inv.expires_at, config.timezone)}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() =>
                withdraw.mutate(inv.staff_invitation_id, {
                  onSuccess: () => notifySuccess("Invitación retirada."),
                  onError: notifyError,
                })
              }
            >
              Retirar
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
