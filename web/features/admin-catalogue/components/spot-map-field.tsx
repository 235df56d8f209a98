import { Paper, Stack, Text, TextInput } from "@mantine/core";
import { gridFromRowSizes, parseRowSizes } from "../../../../domain/spot-map";
import { SpotMap } from "../../../components/spot-map";
import { catalogueCopy } from "../copy";

/** Row sizes ("4,5,5,6") with a live preview drawn by the same component customers book on. */
export function SpotMapField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const sizes = parseRowSizes(value);
  const invalid = value.trim() !== "" && !sizes;
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        description={catalogueCopy.spotMapHelp}
        placeholder={catalogueCopy.spotMapPlaceholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error ?? (invalid ? catalogueCopy.spotMapInvalid : undefined)}
      />
      {sizes ? (
        <Paper withBorder radius="md" p="xs" aria-label={catalogueCopy.spotPreview}>
          <Text size="xs" c="dimmed" mb={4}>
            {catalogueCopy.spotPreview} · {catalogueCopy.seatCount(sizes.reduce((a, b) => a + b, 0))}
          </Text>
          <SpotMap grid={gridFromRowSizes(sizes)} taken={[]} selected={[]} onSelect={() => {}} />
        </Paper>
      ) : null}
    </Stack>
  );
}
