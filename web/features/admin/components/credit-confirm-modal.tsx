import { Button, Group, Modal, Stack, Text } from "@mantine/core";

/**
 * The credits panel's yes/no dialog (delete a bucket, lift a penalty): "Regresar" closes it,
 * the confirm button runs the change and shows it is working.
 */
export function CreditConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Regresar
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
