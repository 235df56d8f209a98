import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { addLocalDays } from "../../../../domain/booking";
import { formatDateTime } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useCoachClasses, useOptions, useSubstitute } from "../api";
import { scheduleCopy as c } from "../copy";

const person = (r: Record<string, unknown>) => [r.name, r.last_name].filter(Boolean).join(" ");

/**
 * "Sustituir coach": a coach and a date range list that coach's classes; each gets its own
 * substitute (or none). Saving tells the people booked or waiting in each changed class.
 */
export function SubstituteModal({
  opened,
  from,
  onClose,
}: {
  opened: boolean;
  from: string;
  onClose: () => void;
}) {
  const { timezone } = useAppConfig();
  const [coach, setCoach] = useState<string | null>(null);
  const [range, setRange] = useState({ from, to: addLocalDays(from, 6) });
  const [choices, setChoices] = useState<Record<number, string | null>>({});
  useEffect(() => {
    if (opened) {
      setRange({ from, to: addLocalDays(from, 6) });
      setChoices({});
    }
  }, [opened, from]);
  const coaches = useOptions("/instructors", "instructors", "instructor_id", person);
  const classes = useCoachClasses(opened ? coach : null, range.from, range.to);
  const save = useSubstitute();
  const list = classes.data?.single_classes ?? [];
  const changes = list.flatMap((k) =>
    choices[k.single_class_id]
      ? [{ single_class_id: k.single_class_id, instructor_id: Number(choices[k.single_class_id]) }]
      : [],
  );
  const others = (coaches.data ?? []).filter((o) => o.value !== coach);

  const submit = async () => {
    if (!coach) return;
    try {
      notifySuccess((await save.mutateAsync({ instructor_id: Number(coach), changes })).message);
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={c.substituteTitle} size="lg" radius="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {c.substituteHelp}
        </Text>
        <Select
          label={c.coachToReplace}
          searchable
          data={coaches.data ?? []}
          value={coach}
          onChange={(v) => {
            setCoach(v);
            setChoices({});
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={c.from}
            type="date"
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.currentTarget.value }))}
          />
          <TextInput
            label={c.to}
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => setRange((r) => ({ ...r, to: e.currentTarget.value }))}
          />
        </SimpleGrid>
        {coach && classes.data && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {c.noCoachClasses}
          </Text>
        ) : null}
        {list.length > 1 ? (
          <Select
            label={c.sameForAll}
            placeholder={c.keep}
            clearable
            searchable
            data={others}
            value={null}
            onChange={(v) => setChoices(Object.fromEntries(list.map((k) => [k.single_class_id, v])))}
          />
        ) : null}
        {list.map((k) => {
          const label = `${formatDateTime(k.class_date, timezone)} · ${k.class_type.name}`;
          return (
            <Group key={k.single_class_id} justify="space-between" align="flex-end" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ flex: "1 1 14rem" }}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {[k.location?.name, c.booked(k.reserved)].filter(Boolean).join(" · ")}
                </Text>
              </Stack>
              <Select
                aria-label={`${c.replacement}: ${label}`}
                placeholder={c.keep}
                clearable
                searchable
                data={others}
                value={choices[k.single_class_id] ?? null}
                onChange={(v) => setChoices((all) => ({ ...all, [k.single_class_id]: v }))}
                style={{ flex: "1 1 12rem" }}
              />
            </Group>
          );
        })}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {c.close}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={changes.length === 0}>
            {c.saveSubstitution}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
