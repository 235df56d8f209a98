import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { addLocalDays } from "../../../../domain/booking";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useCopyWeek } from "../api";
import { scheduleCopy as c } from "../copy";

/** Copies the shown week (from its Monday) to another week; the server skips duplicates. */
export function CopyWeekModal({
  opened,
  from,
  onClose,
}: {
  opened: boolean;
  from: string;
  onClose: () => void;
}) {
  const [to, setTo] = useState(addLocalDays(from, 7));
  const copyWeek = useCopyWeek();
  useEffect(() => {
    if (opened) setTo(addLocalDays(from, 7));
  }, [opened, from]);
  const submit = async () => {
    try {
      notifySuccess((await copyWeek.mutateAsync({ from_start_date: from, to_start_date: to })).message);
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={c.copyWeekTitle} radius="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {c.copyWeekHelp}
        </Text>
        <TextInput label={c.toWeek} type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c.cancel}
          </Button>
          <Button onClick={submit} loading={copyWeek.isPending} disabled={!to || to === from}>
            {c.copy}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
