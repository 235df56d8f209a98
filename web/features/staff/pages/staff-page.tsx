import { Stack, Title } from "@mantine/core";
import { usePageTitle } from "../../../lib/use-page-title";
import { useStaff } from "../api";
import { InviteForm } from "../components/invite-form";
import { PendingInvitations } from "../components/pending-invitations";
import { StaffTable } from "../components/staff-table";

/**
 * /admin/equipo (owner): who works here, invitations, roles and removing access (decision 0031).
 */
export function StaffPage() {
  usePageTitle("Equipo");
  const staff = useStaff();

  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} maw={1100} mx="auto">
      <Title order={1} fz={28}>
        Equipo
      </Title>
      <InviteForm />
      <StaffTable staff={staff} />
      {(staff.data?.invitations.length ?? 0) > 0 ? <PendingInvitations staff={staff} /> : null}
    </Stack>
  );
}
