import {
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useState } from "react";
import { formatDate } from "../../../../domain/format";
import {
  STAFF_ROLE_DESCRIPTIONS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from "../../../../domain/staff";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import {
  useChangeRole,
  useCoachProfiles,
  useInvite,
  useRemoveStaff,
  useStaff,
  useWithdrawInvitation,
} from "../api";
import { notifyError, notifySuccess } from "../notify";

const roleOptions = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));

/**
 * /admin/equipo (owner): who works here, invitations, roles and removing access (decision 0031).
 */
export function StaffPage() {
  usePageTitle("Equipo");
  const config = useAppConfig();
  const staff = useStaff();
  const coaches = useCoachProfiles();
  const invite = useInvite();
  const withdraw = useWithdrawInvitation();
  const changeRole = useChangeRole();
  const remove = useRemoveStaff();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("front_desk");
  const [coachId, setCoachId] = useState<string | null>(null);

  const coachOptions = (coaches.data?.instructors ?? []).map((i) => ({
    value: String(i.instructor_id),
    label: [i.name, i.last_name].filter(Boolean).join(" "),
  }));

  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} maw={1100} mx="auto">
      <Title order={1} fz={28}>
        Equipo
      </Title>
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            invite.mutate(
              { email, role, instructor_id: role === "coach" && coachId ? Number(coachId) : null },
              {
                onSuccess: () => {
                  notifySuccess(`Enviamos la invitación a ${email}.`);
                  setEmail("");
                },
                onError: notifyError,
              },
            );
          }}
        >
          <Stack gap="sm">
            <Title order={2} fz={18}>
              Invitar a alguien
            </Title>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Correo"
                type="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                w={{ base: "100%", sm: 260 }}
              />
              <Select
                label="Rol"
                data={roleOptions}
                value={role}
                onChange={(v) => v && setRole(v as StaffRole)}
                allowDeselect={false}
                w={{ base: "100%", sm: 180 }}
              />
              {role === "coach" ? (
                <Select
                  label="Perfil de coach"
                  placeholder="Elige su perfil"
                  data={coachOptions}
                  value={coachId}
                  onChange={setCoachId}
                  clearable
                  w={{ base: "100%", sm: 220 }}
                />
              ) : null}
              <Button type="submit" loading={invite.isPending}>
                Enviar invitación
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {STAFF_ROLE_DESCRIPTIONS[role]} El enlace vence en 7 días y solo funciona una vez.
            </Text>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} fz={18} mb="sm">
          Personas con acceso
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Correo</Table.Th>
                <Table.Th>Rol</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(staff.data?.staff ?? []).map((person) => (
                <Table.Tr key={person.user_id}>
                  <Table.Td>
                    {person.name}
                    {person.customer_id !== null ? (
                      <Text size="xs" c="dimmed">
                        También es cliente
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{person.email}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Rol de ${person.name}`}
                      data={roleOptions}
                      value={person.role}
                      allowDeselect={false}
                      onChange={(v) =>
                        v &&
                        changeRole.mutate(
                          { userId: person.user_id, role: v as StaffRole },
                          { onSuccess: () => notifySuccess("Rol actualizado."), onError: notifyError },
                        )
                      }
                      w={160}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red.9"
                      size="compact-sm"
                      onClick={() => {
                        if (!window.confirm(`¿Quitar el acceso al panel a ${person.name}?`)) return;
                        remove.mutate(person.user_id, {
                          onSuccess: () => notifySuccess("Acceso retirado."),
                          onError: notifyError,
                        });
                      }}
                    >
                      Quitar acceso
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {(staff.data?.invitations.length ?? 0) > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz={18} mb="sm">
            Invitaciones pendientes
          </Title>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {staff.data!.invitations.map((inv) => (
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
      ) : null}
    </Stack>
  );
}
