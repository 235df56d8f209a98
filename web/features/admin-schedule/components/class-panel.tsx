import { Badge, Button, Divider, Drawer, Group, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCalendarRepeat, IconChecklist, IconEdit, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { addLocalDays, localDay } from "../../../../domain/booking";
import {
  CHANGE_SCOPE_LABEL,
  CHANGE_SCOPES,
  type ChangeScope,
  willNotifyLabel,
} from "../../../../domain/class-changes";
import { formatDateTime } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import {
  type AdminClass,
  type RosterRow,
  useCancelClass,
  useChangeImpact,
  useRepeatClass,
  useRoster,
} from "../api";
import { scheduleCopy as c } from "../copy";

const fullName = (r: RosterRow) => [r.name, r.last_name].filter(Boolean).join(" ");

const columns: AdminColumn<RosterRow>[] = [
  {
    key: "customer",
    header: c.customer,
    value: (r) => (r.guest_of_id ? `${r.guest} (${c.guest} ${fullName(r)})` : fullName(r)),
  },
  { key: "email", header: c.email, value: (r) => r.email },
  { key: "phone", header: c.phone, value: (r) => r.phone ?? "" },
  { key: "spot", header: c.spot, value: (r) => r.spot ?? "" },
  {
    key: "attend",
    header: c.attendance,
    value: (r) => (r.attend ? c.attended : c.pending),
    render: (r) => (
      <Badge color={r.attend ? "green" : "gray"} variant="light">
        {r.attend ? c.attended : c.pending}
      </Badge>
    ),
  },
  {
    key: "status",
    header: c.status,
    value: (r) => (r.deletedAt ? c.cancelled : c.active),
    render: (r) => (
      <Badge color={r.deletedAt ? "red" : "blue"} variant="light">
        {r.deletedAt ? c.cancelled : c.active}
      </Badge>
    ),
  },
  { key: "payment", header: c.payment, value: (r) => c.paidWith(r.paid_with, r.is_cash, r.is_paid) },
];

/**
 * One class for staff: its details, the roster with check-in state, and the actions (edit,
 * repeat weekly, cancel with refunds). Check-in itself lives on the attendance screen.
 */
export function ClassPanel({
  klass,
  onClose,
  onEdit,
}: {
  klass: AdminClass | null;
  onClose: () => void;
  onEdit: (klass: AdminClass) => void;
}) {
  const { timezone } = useAppConfig();
  const roster = useRoster(klass?.single_class_id ?? null);
  const cancel = useCancelClass();
  // Decision 0031: only the actions this role's permissions allow are shown.
  const can = useStaffCan();
  const repeat = useRepeatClass();
  const [confirming, setConfirming] = useState(false);
  const [scope, setScope] = useState<ChangeScope>("one");
  const impact = useChangeImpact(klass?.single_class_id ?? null, scope, confirming);
  const [until, setUntil] = useState("");
  const rows = roster.data?.reservations ?? [];
  const when = klass ? formatDateTime(klass.class_date, timezone) : "";
  const cancelled = Boolean(klass?.cancelled_at);
  // Past classes are not edited or cancelled (the server refuses too): only attendance.
  const past = klass ? new Date(klass.class_date).getTime() <= Date.now() : false;

  const doCancel = async () => {
    if (!klass) return;
    try {
      notifySuccess((await cancel.mutateAsync({ id: klass.single_class_id, scope })).message);
      setConfirming(false);
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };
  const doRepeat = async () => {
    if (!klass) return;
    try {
      notifySuccess((await repeat.mutateAsync({ single_class_id: klass.single_class_id, until })).message);
      setUntil("");
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Drawer
      opened={klass !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={klass?.class_type.name}
      radius="md"
      closeButtonProps={{ "aria-label": c.close }}
    >
      {klass ? (
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600}>{when}</Text>
            <Text size="sm" c="dimmed">
              {[
                c.minutes(klass.duration_minutes),
                klass.location?.name,
                klass.class_instructors
                  .map((i) => [i.instructor.name, i.instructor.last_name].filter(Boolean).join(" "))
                  .join(", "),
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
            <Group gap={4}>
              {cancelled ? (
                <Badge color="red" variant="filled">
                  {c.cancelled}
                </Badge>
              ) : null}
              {klass.series_id ? (
                <Badge color="grape" variant="light">
                  {c.seriesBadge}
                </Badge>
              ) : null}
              <Badge variant="light">{c.occupancy(klass.reserved, klass.capacity)}</Badge>
              {klass.tags.map((t) => (
                <Badge key={t.tag_id} color={t.color ?? "gray"} variant="outline">
                  {t.name}
                </Badge>
              ))}
            </Group>
            {klass.description ? <Text size="sm">{klass.description}</Text> : null}
          </Stack>
          {past && !cancelled ? (
            <Text size="sm" c="dimmed">
              {c.pastClass}
            </Text>
          ) : null}
          <Group gap="xs">
            {cancelled || past || !can("editClass") ? null : (
              <Button leftSection={<IconEdit size={16} />} variant="light" onClick={() => onEdit(klass)}>
                {c.edit}
              </Button>
            )}
            <Button
              component={Link}
              to={`/admin/clases/${klass.single_class_id}/asistencia`}
              leftSection={<IconChecklist size={16} />}
              variant="light"
              color="teal"
            >
              {c.checkIn}
            </Button>
            {cancelled || past || !can("cancelClass") ? null : (
              <Button
                leftSection={<IconX size={16} />}
                variant="light"
                color="red"
                onClick={() => {
                  setScope("one");
                  setConfirming(true);
                }}
              >
                {c.cancelClass}
              </Button>
            )}
          </Group>
          {can("repeatClass") ? <Divider /> : null}
          <Stack gap="xs" display={can("repeatClass") ? undefined : "none"}>
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
                min={addLocalDays(localDay(klass.class_date, timezone), 7)}
                onChange={(e) => setUntil(e.currentTarget.value)}
              />
              <Button
                leftSection={<IconCalendarRepeat size={16} />}
                disabled={!until}
                loading={repeat.isPending}
                onClick={doRepeat}
              >
                {c.repeatAction}
              </Button>
            </Group>
          </Stack>
          <Divider />
          <Title order={3} fz="md">
            {c.reservations}
          </Title>
          <AdminTable
            caption={`${c.reservations} ${klass.class_type.name} ${when}`}
            exportFilename={`reservaciones-${klass.single_class_id}`}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.class_reservation_id}
            loading={roster.isLoading}
            emptyText={c.noReservations}
          />
          <ConfirmModal
            opened={confirming}
            title={c.cancelTitle}
            message={
              klass.series_id
                ? c.cancelScopeMessage(klass.class_type.name, when)
                : c.cancelMessage(klass.class_type.name, when, klass.reserved)
            }
            confirmLabel={c.cancelClass}
            loading={cancel.isPending}
            onConfirm={doCancel}
            onClose={() => setConfirming(false)}
          >
            {klass.series_id ? (
              <Radio.Group label={c.scope} value={scope} onChange={(v) => setScope(v as ChangeScope)}>
                <Stack gap={6} mt={4}>
                  {CHANGE_SCOPES.map((value) => (
                    <Radio key={value} value={value} label={CHANGE_SCOPE_LABEL[value]} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : null}
            {impact.data ? (
              <Text fw={600} aria-live="polite">
                {impact.data.people > 0 ? willNotifyLabel(impact.data.people) : c.nobodyToNotify}
              </Text>
            ) : null}
          </ConfirmModal>
        </Stack>
      ) : null}
    </Drawer>
  );
}
