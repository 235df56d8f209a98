import { localDay, localTime } from "../../../../domain/booking";
import type { ChangeScope } from "../../../../domain/class-changes";
import type { AdminClass, ClassBody } from "../api";

/** The class form's fields as the inputs hold them (ids as strings, numbers possibly empty). */
export type ClassFormState = {
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

/** The form for a class being edited, or a new one on `day` at 07:00, 50 minutes, 10 places. */
export function initialClassForm(klass: AdminClass | null, day: string | null, zone: string): ClassFormState {
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
export function notifies(before: ClassFormState, after: ClassFormState): boolean {
  const coaches = (f: ClassFormState) => [...f.instructor_ids].sort().join(",");
  return (
    before.date !== after.date ||
    before.time !== after.time ||
    Number(before.duration_minutes) !== Number(after.duration_minutes) ||
    before.location_id !== after.location_id ||
    coaches(before) !== coaches(after)
  );
}

/** What the API saves: the studio's wall-clock date and time, empty choices as null. */
export function classBody(
  form: ClassFormState,
  klass: AdminClass | null,
  scope: ChangeScope,
): ClassBody & { single_class_id?: number; scope?: ChangeScope } {
  return {
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
}
