import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { formsCopy } from "../copy";

/** Edit and delete icons of one table row; clicks do not reach the row's own click. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end" onClick={(e) => e.stopPropagation()}>
      {onEdit ? (
        <Tooltip label={formsCopy.forms.edit}>
          <ActionIcon variant="subtle" aria-label={formsCopy.forms.editOf(name)} onClick={onEdit}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label={formsCopy.forms.delete}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={formsCopy.forms.deleteOf(name)}
          onClick={onDelete}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
