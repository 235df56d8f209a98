import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { adminCopy } from "../copy";

/** "Are you sure?" before a change that cannot be undone from the same screen. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color = "red",
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="md">
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {adminCopy.customers.close}
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel ?? adminCopy.customers.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
