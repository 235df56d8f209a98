import { Group, Select, TextInput } from "@mantine/core";

/**
 * The "Desde / Hasta / sucursal" row of the back office's dated lists (reports, the counter's
 * sales): two date fields, the period's error under "Hasta", and a clearable location select.
 * Each screen keeps its own state and words.
 */
export function PeriodLocationFilters(props: {
  labels: { from: string; to: string; location: string; allLocations: string; badPeriod: string };
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  /** False when "Hasta" comes before "Desde": the error shows under "Hasta". */
  valid: boolean;
  location: string | null;
  onLocation: (value: string | null) => void;
  locations: readonly { location_id: number; name: string }[];
}) {
  const { labels } = props;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        type="date"
        label={labels.from}
        value={props.from}
        onChange={(e) => props.onFrom(e.currentTarget.value)}
        w={170}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={props.to}
        onChange={(e) => props.onTo(e.currentTarget.value)}
        w={170}
        error={props.valid ? undefined : labels.badPeriod}
      />
      <Select
        label={labels.location}
        placeholder={labels.allLocations}
        clearable
        value={props.location}
        onChange={props.onLocation}
        data={props.locations.map((l) => ({ value: String(l.location_id), label: l.name }))}
        w={220}
      />
    </Group>
  );
}
