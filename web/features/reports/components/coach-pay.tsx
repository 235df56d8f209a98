import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { countLabel, formatDate, formatDateTime, formatMoney } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { reportsCopy } from "../copy";
import {
  type CoachPayCoach,
  type CoachRate,
  type Period,
  useApprovePay,
  useCoachPay,
  useCoachRates,
  useMyPay,
  useSaveRate,
} from "../pay-api";
import { Help, Section, Stat } from "./report-parts";

const c = reportsCopy.pay;

function rateSummary(r: CoachRate): string {
  if (!r.configured) return c.noRate;
  const parts = [`${formatMoney(r.per_class)} ${c.perClassShort}`];
  if (r.per_attendee > 0)
    parts.push(
      `+ ${formatMoney(r.per_attendee)} ${r.count_no_shows ? c.perBookedShort : c.perAttendeeShort}`,
    );
  for (const tier of r.tiers) parts.push(c.tierShort(tier.min_attendees, formatMoney(tier.amount)));
  if (r.workshop_share_percent > 0) parts.push(c.shareShort(r.workshop_share_percent));
  return parts.join(" · ");
}

/** The per-class detail of a coach's pay. */
export function PayLines({ coach, zone }: { coach: CoachPayCoach; zone: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label={`${c.detail}: ${coach.coach}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.date}</Table.Th>
            <Table.Th>{c.class}</Table.Th>
            <Table.Th ta="right">{c.people}</Table.Th>
            <Table.Th>{c.rule}</Table.Th>
            <Table.Th ta="right">{c.total}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coach.lines.map((l) => (
            <Table.Tr key={l.single_class_id}>
              <Table.Td>{formatDateTime(l.class_date, zone)}</Table.Td>
              <Table.Td>
                {l.class_type}
                {l.location ? ` · ${l.location}` : ""}
              </Table.Td>
              <Table.Td ta="right">{l.headcount}</Table.Td>
              <Table.Td>{c.rules[l.rule]}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RateModal({ rate, onClose }: { rate: CoachRate | null; onClose: () => void }) {
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

/** Pago a coaches: each coach's pay in the period, its detail, the owner's approval and the rates. */
export function CoachPayTab({ period, zone }: { period: Period; zone: string }) {
  const can = useStaffCan();
  const pay = useCoachPay(period);
  const rates = useCoachRates();
  const approve = useApprovePay();
  const [open, setOpen] = useState<CoachPayCoach | null>(null);
  const [editing, setEditing] = useState<CoachRate | null>(null);
  if (pay.error) return <Text c="red">{pay.error.message}</Text>;
  const data = pay.data;
  if (!data) return null;
  const approveOne = (coach: CoachPayCoach) =>
    approve.mutate(
      { instructor_id: coach.instructor_id, ...period },
      { onSuccess: (d) => notifySuccess(d.message), onError: notifyError },
    );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        <Stat
          label={c.toPay}
          value={formatMoney(data.total)}
          detail={countLabel(data.coaches.length, "coach", "coaches")}
        />
        <Stat
          label={c.approved}
          value={`${data.coaches.filter((x) => x.approval).length} / ${data.coaches.length}`}
        />
      </SimpleGrid>
      <Section title={c.byCoach}>
        {data.coaches.length === 0 ? (
          <Text size="sm" c="dimmed">
            {c.none}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" aria-label={c.byCoach}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{c.coach}</Table.Th>
                  <Table.Th ta="right">{c.classes}</Table.Th>
                  <Table.Th ta="right">{c.total}</Table.Th>
                  <Table.Th>{c.status}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.coaches.map((coach) => (
                  <Table.Tr key={coach.instructor_id}>
                    <Table.Td>{coach.coach}</Table.Td>
                    <Table.Td ta="right">{coach.classes}</Table.Td>
                    <Table.Td ta="right">{formatMoney(coach.total)}</Table.Td>
                    <Table.Td>
                      {coach.approval ? (
                        <Badge color="green" variant="light">
                          {c.approvedOn(
                            formatDate(coach.approval.approvedAt, zone),
                            formatMoney(coach.approval.total),
                          )}
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          {c.pending}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setOpen(coach)}>
                          {c.detail}
                        </Button>
                        {can("approveCoachPay") && !coach.approval ? (
                          <Button size="xs" onClick={() => approveOne(coach)} loading={approve.isPending}>
                            {c.approve}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={c.rates} hint={can("setCoachRate") ? undefined : c.ownerSetsRates}>
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-label={c.rates}>
            <Table.Tbody>
              {(rates.data ?? []).map((r) => (
                <Table.Tr key={r.instructor_id}>
                  <Table.Td fw={500}>{r.coach}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={r.configured ? undefined : "dimmed"}>
                      {rateSummary(r)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {can("setCoachRate") ? (
                      <Button size="xs" variant="default" onClick={() => setEditing(r)}>
                        {c.edit}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Help>{c.help}</Help>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${c.detail}: ${open.coach}` : ""}
        size="xl"
      >
        {open ? <PayLines coach={open} zone={zone} /> : null}
      </Modal>
      {editing ? (
        <RateModal key={editing.instructor_id} rate={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

/** Mis clases → Mi pago: the coach's own classes and pay, when the studio shows it. */
export function MyPay() {
  const config = useAppConfig();
  const zone = config.timezone;
  const today = localDay(new Date(), zone);
  const [from, setFrom] = useState(() => addLocalDays(today, -13));
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const mine = useMyPay({ from, to }, config.coach_pay_visible && valid);
  if (!config.coach_pay_visible) return null;
  const pay = mine.data?.pay;
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {c.mine}
      </Title>
      <Group gap="sm">
        <TextInput
          type="date"
          label={reportsCopy.from}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="date"
          label={reportsCopy.to}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={170}
          error={valid ? undefined : reportsCopy.badPeriod}
        />
      </Group>
      {mine.error ? <Text c="red">{mine.error.message}</Text> : null}
      {mine.data && !pay ? <Text c="dimmed">{c.noneMine}</Text> : null}
      {pay ? (
        <>
          <Text fw={600}>
            {c.mineTotal(formatMoney(pay.total), pay.classes)}
            {pay.approval ? ` · ${c.approvedShort}` : ""}
          </Text>
          <PayLines coach={pay} zone={zone} />
        </>
      ) : null}
    </Stack>
  );
}
