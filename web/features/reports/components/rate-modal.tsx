import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { reportsCopy } from "../copy";
import { type CoachRate, useSaveRate } from "../pay-api";

const c = reportsCopy.pay;

export function RateModal({ rate, onClose }: { rate: CoachRate | null; onClose: () => void }) {
  const save = useSaveRate();
  const [form, setForm] = useState(() => ({
    per_class: rate?.per_class ?? 0,
    per_attendee: rate?.per_attendee ?? 0,
    count_no_shows: rate?.count_no_shows ?? false,
    // Each row keeps its own id, so editing one never remounts another.
    tiers: (rate?.tiers ?? []).map((x, n) => ({ ...x, id: n })),
    workshop_share_percent: rate?.workshop_share_percent ?? 0,
  }));
  if (!rate) return null;
  const num = (v: string | number) => (typeof v === "number" ? v : Number(v) || 0);
  const submit = () =>
    save.mutate(
      { instructor_id: rate.instructor_id, ...form, tiers: form.tiers.map(({ id: _id, ...x }) => x) },
      {
        onSuccess: (d) => {
          notifySuccess(d.message);
          onClose();
        },
        onError: notifyError,
      },
    );
  return (
    <Modal opened onClose={onClose} title={`${c.rateOf} ${rate.coach}`} size="lg">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={c.perClass}
            prefix="$"
            decimalScale={2}
            min={0}
            value={form.per_class}
            onChange={(v) => setForm({ ...form, per_class: num(v) })}
          />
          <NumberInput
            label={c.perAttendee}
            prefix="$"
            decimalScale={2}
            min={0}
            value={form.per_attendee}
            onChange={(v) => setForm({ ...form, per_attendee: num(v) })}
          />
        </SimpleGrid>
        <Checkbox
          label={c.countNoShows}
          checked={form.count_no_shows}
          onChange={(e) => setForm({ ...form, count_no_shows: e.currentTarget.checked })}
        />
        <Text size="sm" fw={500}>
          {c.tiers}
        </Text>
        <Text size="xs" c="dimmed">
          {c.tiersHint}
        </Text>
        {form.tiers.map((tier, i) => (
          <Group key={tier.id} align="flex-end" wrap="nowrap">
            <NumberInput
              label={c.fromPeople}
              min={1}
              value={tier.min_attendees}
              onChange={(v) =>
                setForm({
                  ...form,
                  tiers: form.tiers.map((x, j) => (j === i ? { ...x, min_attendees: num(v) } : x)),
                })
              }
            />
            <NumberInput
              label={c.amount}
              prefix="$"
              decimalScale={2}
              min={0}
              value={tier.amount}
              onChange={(v) =>
                setForm({
                  ...form,
                  tiers: form.tiers.map((x, j) => (j === i ? { ...x, amount: num(v) } : x)),
                })
              }
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => setForm({ ...form, tiers: form.tiers.filter((_, j) => j !== i) })}
            >
              {c.remove}
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              setForm({
                ...form,
                tiers: [
                  ...form.tiers,
                  { id: Math.max(-1, ...form.tiers.map((x) => x.id)) + 1, min_attendees: 1, amount: 0 },
                ],
              })
            }
          >
            {c.addTier}
          </Button>
        </Group>
        <NumberInput
          label={c.share}
          description={c.shareHint}
          suffix=" %"
          decimalScale={2}
          min={0}
          max={100}
          value={form.workshop_share_percent}
          onChange={(v) => setForm({ ...form, workshop_share_percent: num(v) })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c.cancel}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {c.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
