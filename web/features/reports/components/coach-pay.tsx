import { Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { countLabel, formatDate, formatDateTime, formatMoney } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useStaffCan } from "../../../lib/staff-permissions";
import { reportsCopy } from "../copy";
import {
  type CoachPayCoach,
  type CoachRate,
  type Period,
  useApprovePay,
  useCoachPay,
  useCoachRates,
} from "../pay-api";
import { RateHistoryModal, rateSummary } from "./rate-history";
import { RateModal } from "./rate-modal";
import { Help, Section, Stat } from "./report-parts";

const c = reportsCopy.pay;

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

/** Pago a coaches: each coach's pay in the period, its detail, the owner's approval and the rates. */
export function CoachPayTab({ period, zone }: { period: Period; zone: string }) {
  const can = useStaffCan();
  const pay = useCoachPay(period);
  const rates = useCoachRates();
  const approve = useApprovePay();
  const [open, setOpen] = useState<CoachPayCoach | null>(null);
  const [editing, setEditing] = useState<CoachRate | null>(null);
  const [dated, setDated] = useState<CoachRate | null>(null);
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
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setDated(r)}>
                        {reportsCopy.rateHistory.open}
                      </Button>
                      {can("setCoachRate") ? (
                        <Button size="xs" variant="default" onClick={() => setEditing(r)}>
                          {c.edit}
                        </Button>
                      ) : null}
                    </Group>
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
      {dated ? (
        <RateHistoryModal key={dated.instructor_id} coach={dated} onClose={() => setDated(null)} />
      ) : null}
      {editing ? (
        <RateModal key={editing.instructor_id} rate={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
