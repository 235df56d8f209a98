import classes from "./location-picker.module.css";

/**
 * The studio filter above the calendar: a plain <select>. Mantine's Select brought its combobox
 * and floating-ui (~35 KB gzip), and even NativeSelect its input system (~5 KB), to the public
 * calendar for a list of two or three names; the phone's own picker is the better one anyway.
 */
export function LocationPicker({
  locations,
  value,
  onChange,
}: {
  locations: { location_id: number; name: string }[];
  value: number | null;
  onChange: (locationId: number | null) => void;
}) {
  return (
    <select
      aria-label="Estudio"
      className={classes.select}
      value={value === null ? "all" : String(value)}
      onChange={(event) => {
        const v = event.currentTarget.value;
        onChange(v === "all" ? null : Number(v));
      }}
    >
      <option value="all">Todos los estudios</option>
      {locations.map((l) => (
        <option key={l.location_id} value={l.location_id}>
          {l.name}
        </option>
      ))}
    </select>
  );
}
