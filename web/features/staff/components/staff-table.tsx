import { Button, Paper, Select, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import type { StaffRole } from "../../../../domain/staff";
import { useChangeRole, useRemoveStaff, type useStaff } from "../api";
import { notifyError, notifySuccess } from "../notify";
import { roleOptions } from "./role-options";

/** "Personas con acceso": each person's role, changed in place, and removing their access. */
export function StaffTable({ staff }: { staff: ReturnType<typeof useStaff> }) {
  const changeRole = useChangeRole();
  const remove = useRemoveStaff();
  return (
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
  );
}
