import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCalendarRepeat } from "@tabler/icons-react";
import { useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type AdminClass, useRepeatClass } from "../api";
import { scheduleCopy as c } from "../copy";

/**
 * "Repetir cada semana" until a day at least a week later. Hidden (not removed) from a role that
 * may not repeat classes.
 */
export function RepeatWeekly({ klass, zone, hidden }: { klass: AdminClass; zone: string; hidden: boolean }) {
  const repeat = useRepeatClass();
  const [until, setUntil] = useState("");
  const run = async () => {
    try {
      notifySuccess((await repeat.mutateAsync({ single_class_id: klass.single_class_id, until })).message);
      setUntil("");
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Stack gap="xs" display={hidden ? "none" : undefined}>
      <Title order={3} fz="md">
        {c.repeatTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {c.repeatHelp}
      </Text>
      <Group gap="xs" align="flex-end">
        <TextInput
          label={c.until}
          type="date"
          value={until}
          min={addLocalDays(localDay(klass.class_date, zone), 7)}
          onChange={(e) => setUntil(e.currentTarget.value)}
        />
        <Button
          leftSection={<IconCalendarRepeat size={16} />}
          disabled={!until}
          loading={repeat.isPending}
          onClick={run}
        >
          {c.repeatAction}
        </Button>
      </Group>
    </Stack>
  );
}
