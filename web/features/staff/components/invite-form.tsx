import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { STAFF_ROLE_DESCRIPTIONS, type StaffRole } from "../../../../domain/staff";
import { useCoachProfiles, useInvite } from "../api";
import { notifyError, notifySuccess } from "../notify";
import { roleOptions } from "./role-options";

/** "Invitar a alguien": an email and a role (a coach tied to their profile); the link lasts 7 days. */
export function InviteForm() {
  const coaches = useCoachProfiles();
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("front_desk");
  const [coachId, setCoachId] = useState<string | null>(null);

  const coachOptions = (coaches.data?.instructors ?? []).map((i) => ({
    value: String(i.instructor_id),
    label: [i.name, i.last_name].filter(Boolean).join(" "),
  }));

  return (
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
  );
}
