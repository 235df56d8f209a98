import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { localDay, localTime } from "../../../../domain/booking";
import {
  CHANGE_SCOPE_LABEL,
  CHANGE_SCOPES,
  type ChangeScope,
  willNotifyLabel,
} from "../../../../domain/class-changes";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import {
  type AdminClass,
  type ChangeImpact,
  type ClassBody,
  fetchChangeImpact,
  useOptions,
  useSaveClass,
} from "../api";
import { scheduleCopy as c } from "../copy";
import { ChangePreview } from "./change-preview";

type FormState = {
  class_type_id: string;
  date: string;
  time: string;
  duration_minutes: number | string;
  capacity: number | string;
  location_id: string;
  class_category_id: string;
  class_package_id: string;
  description: string;
  instructor_ids: string[];
  tag_ids: string[];
};

const person = (r: Record<string, unknown>) => [r.name, r.last_name].filter(Boolean).join(" ");
const named = (r: Record<string, unknown>) => String(r.name ?? r.title);

function initial(klass: AdminClass | null, day: string | null, zone: string): FormState {
  return {
    class_type_id: klass ? String(klass.class_type_id) : "",
    date: klass ? localDay(klass.class_date, zone) : (day ?? ""),
    time: klass ? localTime(new Date(klass.class_date), zone) : "07:00",
    duration_minutes: klass?.duration_minutes ?? 50,
    capacity: klass?.capacity ?? 10,
    location_id: klass?.location_id ? String(klass.location_id) : "",
    class_category_id: klass?.class_category_id ? String(klass.class_category_id) : "",
    class_package_id: klass?.class_package_id ? String(klass.class_package_id) : "",
    description: klass?.description ?? "",
    instructor_ids: klass?.class_instructors.map((i) => String(i.instructor.instructor_id)) ?? [],
    tag_ids: klass?.tags.map((t) => String(t.tag_id)) ?? [],
  };
}

const idOrNull = (v: string) => (v ? Number(v) : null);

/** Whether the edit touches what booked and waiting people are told about (time, length, place, coach). */
function notifies(before: FormState, after: FormState): boolean {
  const coaches = (f: FormState) => [...f.instructor_ids].sort().join(",");
  return (
    before.date !== after.date ||
    before.time !== after.time ||
    Number(before.duration_minutes) !== Number(after.duration_minutes) ||
    before.location_id !== after.location_id ||
    coaches(before) !== coaches(after)
  );
}

/**
 * Create or edit a class. Date and time are the studio's wall clock (the server converts them
 * with the studio's zone), so an admin travelling elsewhere still schedules 07:00 at the studio.
 */
export function ClassFormModal({
  opened,
  klass,
  day,
  onClose,
}: {
  opened: boolean;
  klass: AdminClass | null;
  day: string | null;
  onClose: () => void;
}) {
  const { timezone } = useAppConfig();
  const [form, setForm] = useState<FormState>(() => initial(klass, day, timezone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [scope, setScope] = useState<ChangeScope>("one");
  const [asking, setAsking] = useState<ChangeImpact | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (opened) {
      setForm(initial(klass, day, timezone));
      setErrors({});
      setScope("one");
      setAsking(null);
    }
  }, [opened, klass, day, timezone]);
  const types = useOptions("/admin/class_types", "class_types", "class_type_id", named);
  const locations = useOptions("/admin/locations", "locations", "location_id", named);
  const coaches = useOptions("/instructors", "instructors", "instructor_id", person);
  const tags = useOptions("/tags?type=class", "tags", "tag_id", named);
  const categories = useOptions("/admin/class_categories", "class_categories", "class_category_id", named);
  const packages = useOptions("/class_packages/admin/all", "class_packages", "class_package_id", named);
  const save = useSaveClass();
  // The schedule opens this form only from buttons the role may use; the form refuses as well, so
  // it can never be filled in only to answer 403 (decision 0069).
  const can = useStaffCan();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  /** A change people are told about first asks "Se avisará a N personas". */
  const submit = async () => {
    const before = klass ? initial(klass, null, timezone) : null;
    const capacityChanged = before !== null && String(before.capacity) !== String(form.capacity);
    // A series scope always shows its preview (decision 0100): classes, names, capacity conflicts.
    const seriesWide = Boolean(klass?.series_id) && scope !== "one";
    if (klass && before && (notifies(before, form) || seriesWide || capacityChanged)) {
      setChecking(true);
      try {
        const capacity = capacityChanged && form.capacity !== "" ? Number(form.capacity) : null;
        const impact = await fetchChangeImpact(klass.single_class_id, scope, capacity);
        if (impact.people > 0 || seriesWide || impact.capacity_conflicts.length > 0) {
          setAsking(impact);
          return;
        }
      } catch (error) {
        notifyError(error);
        return;
      } finally {
        setChecking(false);
      }
    }
    await save_();
  };

  const save_ = async () => {
    const body: ClassBody & { single_class_id?: number; scope?: ChangeScope } = {
      ...(klass ? { single_class_id: klass.single_class_id, scope } : {}),
      class_type_id: Number(form.class_type_id),
      class_date: `${form.date}T${form.time}`,
      duration_minutes: Number(form.duration_minutes) || 50,
      capacity: form.capacity === "" ? null : Number(form.capacity),
      location_id: idOrNull(form.location_id),
      class_category_id: idOrNull(form.class_category_id),
      class_package_id: idOrNull(form.class_package_id),
      description: form.description.trim() || null,
      instructor_ids: form.instructor_ids.map(Number),
      tag_ids: form.tag_ids.map(Number),
    };
    try {
      const res = await save.mutateAsync(body);
      notifySuccess(res.message);
      setAsking(null);
      onClose();
    } catch (error) {
      setAsking(null);
      if (isApiError(error) && error.fields) setErrors(error.fields);
      notifyError(error);
    }
  };

  if (klass ? !can("editClass") : !can("createClass")) return null;
  return (
    <Modal opened={opened} onClose={onClose} title={klass ? c.editClass : c.newClass} size="lg" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label={c.classType}
            required
            searchable
            data={types.data ?? []}
            value={form.class_type_id || null}
            onChange={(v) => set("class_type_id", v ?? "")}
            error={errors.class_type_id}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={c.date}
              type="date"
              required
              value={form.date}
              onChange={(e) => set("date", e.currentTarget.value)}
              error={errors.class_date}
            />
            <TextInput
              label={c.time}
              type="time"
              required
              value={form.time}
              onChange={(e) => set("time", e.currentTarget.value)}
            />
            <NumberInput
              label={c.duration}
              min={5}
              max={600}
              value={form.duration_minutes}
              onChange={(v) => set("duration_minutes", v)}
              error={errors.duration_minutes}
            />
            <NumberInput
              label={c.capacity}
              description={c.capacityHelp}
              min={0}
              value={form.capacity}
              onChange={(v) => set("capacity", v)}
              error={errors.capacity}
            />
            <Select
              label={c.location}
              clearable
              data={locations.data ?? []}
              value={form.location_id || null}
              onChange={(v) => set("location_id", v ?? "")}
            />
            <Select
              label={c.category}
              clearable
              data={categories.data ?? []}
              value={form.class_category_id || null}
              onChange={(v) => set("class_category_id", v ?? "")}
            />
          </SimpleGrid>
          <MultiSelect
            label={c.coaches}
            searchable
            data={coaches.data ?? []}
            value={form.instructor_ids}
            onChange={(v) => set("instructor_ids", v)}
          />
          <MultiSelect
            label={c.tags}
            searchable
            data={tags.data ?? []}
            value={form.tag_ids}
            onChange={(v) => set("tag_ids", v)}
          />
          <Select
            label={c.packageTie}
            clearable
            searchable
            data={packages.data ?? []}
            value={form.class_package_id || null}
            onChange={(v) => set("class_package_id", v ?? "")}
          />
          <Textarea
            label={c.description}
            autosize
            minRows={2}
            value={form.description}
            onChange={(e) => set("description", e.currentTarget.value)}
          />
          {klass?.series_id ? (
            <Radio.Group label={c.scope} value={scope} onChange={(v) => setScope(v as ChangeScope)}>
              <Group gap="md" mt={4}>
                {CHANGE_SCOPES.map((value) => (
                  <Radio key={value} value={value} label={CHANGE_SCOPE_LABEL[value]} />
                ))}
              </Group>
            </Radio.Group>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {c.cancel}
            </Button>
            <Button
              type="submit"
              loading={save.isPending || checking}
              disabled={!form.class_type_id || !form.date || !form.time}
            >
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={asking !== null}
        title={asking && asking.people > 0 ? c.notifyTitle : c.previewTitle}
        message={
          asking && asking.people > 0
            ? `${willNotifyLabel(asking.people)}. ${c.notifyHelp(asking.people)}`
            : c.previewClasses(asking?.classes ?? 1)
        }
        confirmLabel={asking && asking.people > 0 ? c.saveAndNotify : c.saveAll}
        color="blue"
        loading={save.isPending}
        onConfirm={save_}
        onClose={() => setAsking(null)}
      >
        {asking ? <ChangePreview impact={asking} /> : null}
      </ConfirmModal>
    </Modal>
  );
}
