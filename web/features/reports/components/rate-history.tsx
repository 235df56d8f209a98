import {
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { isLocalDay, localDay } from "../../../../domain/booking";
import { formatDate, formatMoney } from "../../../../domain/format";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { reportsCopy } from "../copy";
import { type CoachRate, useAddRateFrom, useRateHistory, useRemoveRateFrom } from "../pay-api";

const c = reportsCopy.rateHistory;
const pay = reportsCopy.pay;

/** A rate in one line; `configured` false: no rate saved yet. */
export function rateSummary(
  r: Pick<CoachRate, "per_class" | "per_attendee" | "count_no_shows" | "tiers" | "workshop_share_percent"> & {
    configured?: boolean;
  },
): string {
  if (r.configured === false) return pay.noRate;
  const parts = [`${formatMoney(r.per_class)} ${pay.perClassShort}`];
  if (r.per_attendee > 0)
    parts.push(
      `+ ${formatMoney(r.per_attendee)} ${r.count_no_shows ? pay.perBookedShort : pay.perAttendeeShort}`,
    );
  for (const tier of r.tiers) parts.push(pay.tierShort(tier.min_attendees, formatMoney(tier.amount)));
  if (r.workshop_share_percent > 0) parts.push(pay.shareShort(r.workshop_share_percent));
  return parts.join(" · ");
}

/**
 * A coach's rates by date (docs/product-rules.md#coach-rate-history): the list, and for the owner
 * a new rate from a day on. Tiers, workshop share and how people count carry over from the latest
 * rate, so the form stays short; the full rate is edited in the rate modal.
 */
export function RateHistoryModal({ coach, onClose }: { coach: CoachRate; onClose: () => void }) {
  const can = useStaffCan();
  const zone = useAppConfig().timezone;
  const history = useRateHistory(coach.instructor_id);
  const add = useAddRateFrom();
  const remove = useRemoveRateFrom();
  // The dated rate waiting for the owner's confirmation (decision 0130).
  const [removing, setRemoving] = useState<{ from: string; summary: string } | null>(null);
  const canRemove = can("removeCoachRateFrom");
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { instructor_id: coach.instructor_id, from: removing.from },
      {
        onSuccess: (d) => {
          notifySuccess(d.message);
          setRemoving(null);
        },
        onError: notifyError,
      },
    );
  };
  const [from, setFrom] = useState(() => localDay(new Date(), zone));
  const [perClass, setPerClass] = useState<number>(coach.per_class);
  const [perAttendee, setPerAttendee] = useState<number>(coach.per_attendee);
  const latest = history.data?.at(-1);
  const num = (v: string | number) => (typeof v === "number" ? v : Number(v) || 0);
  const submit = () => {
    if (!latest) return;
    add.mutate(
      {
        instructor_id: coach.instructor_id,
        from,
        per_class: perClass,
        per_attendee: perAttendee,
        count_no_shows: latest.count_no_shows,
        tiers: latest.tiers,
        workshop_share_percent: latest.workshop_share_percent,
      },
      { onSuccess: (d) => notifySuccess(d.message), onError: notifyError },
    );
  };
  return (
    <Modal opened onClose={onClose} title={c.title(coach.coach)} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {c.hint}
        </Text>
        {history.error ? <Text c="red">{history.error.message}</Text> : null}
        {history.isPending ? <Loader size="sm" role="status" aria-label={c.loading} /> : null}
        {history.data ? (
          <Table striped verticalSpacing="xs" aria-label={c.title(coach.coach)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.from}</Table.Th>
                <Table.Th>{c.rate}</Table.Th>
                {canRemove ? <Table.Th aria-label={c.actions} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((r) => (
                <Table.Tr key={r.from ?? "always"}>
                  <Table.Td>{r.from ? formatDate(r.from, zone) : c.always}</Table.Td>
                  <Table.Td>{rateSummary(r)}</Table.Td>
                  {canRemove ? (
                    <Table.Td>
                      {r.from ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={c.removeLabel(formatDate(r.from, zone))}
                          onClick={() => r.from && setRemoving({ from: r.from, summary: rateSummary(r) })}
                        >
                          {c.remove}
                        </Button>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {can("setCoachRateFrom") ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {c.add}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                type="date"
                label={c.from}
                value={from}
                onChange={(e) => setFrom(e.currentTarget.value)}
                error={isLocalDay(from) ? undefined : c.badDay}
              />
              <NumberInput
                label={pay.perClass}
                prefix="$"
                decimalScale={2}
                min={0}
                value={perClass}
                onChange={(v) => setPerClass(num(v))}
              />
              <NumberInput
                label={pay.perAttendee}
                prefix="$"
                decimalScale={2}
                min={0}
                value={perAttendee}
                onChange={(v) => setPerAttendee(num(v))}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {c.keeps}
            </Text>
            <Group justify="flex-end">
              <Button onClick={submit} loading={add.isPending} disabled={!latest || !isLocalDay(from)}>
                {c.save}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={c.removeTitle}
        message={removing ? c.removeMessage(formatDate(removing.from, zone), removing.summary) : ""}
        confirmLabel={c.removeConfirm}
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Modal>
  );
}
