import { ActionIcon, Button, Group, Text, Tooltip } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconCopy, IconPlus, IconUserShare } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { addLocalDays, isLocalDay, localDay, mondayOfDay } from "../../../../domain/booking";
import { formatDate } from "../../../../domain/format";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { type AdminClass, useWeek } from "../api";
import { ClassFormModal } from "../components/class-form-modal";
import { ClassPanel } from "../components/class-panel";
import { CopyWeekModal } from "../components/copy-week-modal";
import { SubstituteModal } from "../components/substitute-modal";
import { WeekGrid } from "../components/week-grid";
import { scheduleCopy as c } from "../copy";

/** /admin/horario?semana=YYYY-MM-DD: the staff week with create, edit, cancel, repeat and copy. */
export function SchedulePage() {
  const { timezone } = useAppConfig();
  const today = localDay(new Date(), timezone);
  const [params, setParams] = useSearchParams();
  const asked = params.get("semana");
  const start = mondayOfDay(asked && isLocalDay(asked) ? asked : today);
  const week = useWeek(start, timezone);
  const [open, setOpen] = useState<AdminClass | null>(null);
  const [form, setForm] = useState<{ klass: AdminClass | null; day: string | null } | null>(null);
  const [copying, setCopying] = useState(false);
  const [substituting, setSubstituting] = useState(false);
  // Decision 0031: the front desk reads the schedule; only roles that may change it see how.
  const can = useStaffCan();
  const go = (day: string) => setParams({ semana: day });
  // The open class is re-read from the fresh week so its counts follow edits and bookings.
  const current = open
    ? (week.data?.days
        .flatMap((d) => d.single_classes)
        .find((k) => k.single_class_id === open.single_class_id) ?? open)
    : null;

  return (
    <AdminPage
      title={c.title}
      error={week.error}
      onRetry={() => week.refetch()}
      loading={week.isLoading}
      actions={
        <>
          {can("substitute") ? (
            <Button
              variant="default"
              leftSection={<IconUserShare size={16} />}
              onClick={() => setSubstituting(true)}
            >
              {c.substitute}
            </Button>
          ) : null}
          {can("copyWeek") ? (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => setCopying(true)}>
              {c.copyWeek}
            </Button>
          ) : null}
          {can("createClass") ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                setForm({
                  klass: null,
                  day: today >= start && today <= addLocalDays(start, 6) ? today : start,
                })
              }
            >
              {c.newClass}
            </Button>
          ) : null}
        </>
      }
    >
      <Group gap="xs" justify="center">
        <Tooltip label={c.prevWeek}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={c.prevWeek}
            onClick={() => go(addLocalDays(start, -7))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Text fw={600} miw={220} ta="center" aria-live="polite">
          {formatDate(`${start}T18:00:00.000Z`, timezone)} –{" "}
          {formatDate(`${addLocalDays(start, 6)}T18:00:00.000Z`, timezone)}
        </Text>
        <Tooltip label={c.nextWeek}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={c.nextWeek}
            onClick={() => go(addLocalDays(start, 7))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
        <Button variant="subtle" size="compact-sm" onClick={() => go(today)}>
          {c.today}
        </Button>
      </Group>
      <WeekGrid
        days={week.data?.days ?? []}
        today={today}
        timezone={timezone}
        onOpen={setOpen}
        onAdd={can("createClass") ? (day) => setForm({ klass: null, day }) : undefined}
      />
      <ClassPanel
        klass={current}
        onClose={() => setOpen(null)}
        onEdit={(klass) => setForm({ klass, day: null })}
      />
      <ClassFormModal
        opened={form !== null}
        klass={form?.klass ?? null}
        day={form?.day ?? null}
        onClose={() => setForm(null)}
      />
      <CopyWeekModal opened={copying} from={start} onClose={() => setCopying(false)} />
      <SubstituteModal
        opened={substituting}
        from={start > today ? start : addLocalDays(today, 0)}
        onClose={() => setSubstituting(false)}
      />
    </AdminPage>
  );
}
