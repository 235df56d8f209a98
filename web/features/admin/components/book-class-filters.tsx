import { Group, Select, Switch } from "@mantine/core";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatShortDayTime } from "../../../../domain/format";
import type { BookableFilter } from "../../../../domain/today";

/** "Hoy", "Mañana", then "Mié 02 dic" for the next days of the desk's list. */
function dayLabel(day: string, today: string): string {
  if (day === today) return "Hoy";
  if (day === addLocalDays(today, 1)) return "Mañana";
  return formatShortDayTime(`${day}T12:00:00Z`, "UTC").split(",")[0] ?? day;
}

/**
 * The filters of the desk's "Reservar clase" list (docs/product-rules.md#desk-booking-list): a
 * day, a class type, and whether full classes show (hidden unless asked).
 */
export function BookClassFilters({
  filter,
  onChange,
  days,
  classTypes,
  zone,
}: {
  filter: BookableFilter;
  onChange: (next: BookableFilter) => void;
  days: number;
  classTypes: { class_type_id: number; name: string }[];
  zone: string;
}) {
  const today = localDay(new Date(), zone);
  const dayOptions = Array.from({ length: days }, (_, i) => addLocalDays(today, i)).map((day) => ({
    value: day,
    label: dayLabel(day, today),
  }));
  return (
    <Group grow align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Día"
        data={[{ value: "", label: "Todos los días" }, ...dayOptions]}
        value={filter.day ?? ""}
        onChange={(v) => onChange({ ...filter, day: v || null })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        miw={150}
      />
      <Select
        label="Tipo de clase"
        data={[
          { value: "", label: "Todos los tipos" },
          ...classTypes.map((t) => ({ value: String(t.class_type_id), label: t.name })),
        ]}
        value={filter.classTypeId ? String(filter.classTypeId) : ""}
        onChange={(v) => onChange({ ...filter, classTypeId: v ? Number(v) : null })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        miw={150}
      />
      <Switch
        label="Mostrar clases llenas"
        checked={filter.showFull}
        onChange={(e) => onChange({ ...filter, showFull: e.currentTarget.checked })}
        py={8}
      />
    </Group>
  );
}
