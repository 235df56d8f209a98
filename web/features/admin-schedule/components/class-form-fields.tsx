import { MultiSelect, NumberInput, Select, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { useOptions } from "../api";
import { scheduleCopy as c } from "../copy";
import type { ClassForm } from "./use-class-form";

const person = (r: Record<string, unknown>) => [r.name, r.last_name].filter(Boolean).join(" ");
const named = (r: Record<string, unknown>) => String(r.name ?? r.title);

/**
 * The choices of the class form from the studio's catalogues. Loaded with the schedule (not when
 * the form opens), so the selects are filled by the time staff opens it.
 */
export function useClassOptions() {
  const types = useOptions("/admin/class_types", "class_types", "class_type_id", named);
  const locations = useOptions("/admin/locations", "locations", "location_id", named);
  const coaches = useOptions("/instructors", "instructors", "instructor_id", person);
  const tags = useOptions("/tags?type=class", "tags", "tag_id", named);
  const categories = useOptions("/admin/class_categories", "class_categories", "class_category_id", named);
  const packages = useOptions("/class_packages/admin/all", "class_packages", "class_package_id", named);
  return { types, locations, coaches, tags, categories, packages };
}

type ClassOptions = ReturnType<typeof useClassOptions>;

/** The class form's inputs. */
export function ClassFormFields({
  form: { form, set, errors },
  options: { types, locations, coaches, tags, categories, packages },
}: {
  form: ClassForm;
  options: ClassOptions;
}) {
  return (
    <>
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
    </>
  );
}
