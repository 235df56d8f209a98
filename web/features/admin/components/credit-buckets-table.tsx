import { Badge, Button, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { CreditBucket as Bucket } from "../../../../domain/api/credits";
import { formatDate } from "../../../../domain/format";

/**
 * Every credit bucket of the customer, also spent and expired ones, each to adjust; the delete
 * button shows only when the panel passes `onDelete` (the roles that may delete credits, 0069).
 */
export function CreditBucketsTable({
  buckets,
  timeZone,
  onEdit,
  onDelete,
}: {
  buckets: Bucket[];
  timeZone: string;
  onEdit: (bucket: Bucket) => void;
  onDelete?: (bucket: Bucket) => void;
}) {
  const now = Date.now();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid="credit-buckets">
        <Table.Caption>Paquetes de créditos (también los agotados y vencidos)</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Clases</Table.Th>
            <Table.Th>Tipos de clase</Table.Th>
            <Table.Th>Horarios</Table.Th>
            <Table.Th>Vence</Table.Th>
            <Table.Th>
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {buckets.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed">
                  Este cliente no tiene créditos.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {buckets.map((b) => {
            const expired = b.expiration_date !== null && new Date(b.expiration_date).getTime() <= now;
            return (
              <Table.Tr key={b.available_class_id} data-testid="credit-bucket">
                <Table.Td fw={600}>
                  {b.available_classes === -1 ? "Ilimitadas" : b.available_classes}
                </Table.Td>
                <Table.Td>{b.class_type_names.join(", ") || "Todas"}</Table.Td>
                <Table.Td>{b.allowed_times?.split(",").join(", ") || "Cualquiera"}</Table.Td>
                <Table.Td>
                  {b.expiration_date ? formatDate(b.expiration_date, timeZone) : "Sin vencimiento"}
                  {expired ? (
                    <Badge ml={6} size="xs" color="gray" variant="light">
                      Vencido
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconPencil size={14} aria-hidden="true" />}
                      onClick={() => onEdit(b)}
                    >
                      Ajustar
                    </Button>
                    {onDelete ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Eliminar ${b.available_classes === -1 ? "ilimitadas" : `${b.available_classes} clases`}`}
                        onClick={() => onDelete(b)}
                      >
                        <IconTrash size={14} aria-hidden="true" />
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
