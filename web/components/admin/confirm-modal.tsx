import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { kitCopy } from "./copy";

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
  children,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Options of the change, shown under the message. */
  children?: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="md">
      <Stack gap="lg">
        <Text>{message}</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {kitCopy.close}
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel ?? kitCopy.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
