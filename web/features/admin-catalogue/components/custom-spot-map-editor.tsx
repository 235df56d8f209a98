import {
  Box,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useState } from "react";
import { rowLetter } from "../../../../domain/spot-map";
import { catalogueCopy } from "../copy";

export type GridValue = {
  rows: number;
  columns: number;
  spots: Record<string, { label?: string; selectable?: boolean }>;
};

const CELL = 36;

/** Next free seat number, so a newly marked seat gets a sensible label. */
function nextLabel(spots: GridValue["spots"]): string {
  const numbers = Object.values(spots)
    .map((s) => Number(s.label))
    .filter((n) => Number.isFinite(n));
  return String(numbers.length ? Math.max(...numbers) + 1 : 1);
}

/**
 * Custom spot map editor: a rows × columns grid. In "Lugares" mode a click turns a cell into a
 * bookable seat or back into an aisle; in "Etiquetas" mode a click picks a cell to rename it or
 * make it a fixed, non-bookable place (e.g. "Coach"). Spots outside the grid are dropped when it
 * shrinks, as the server would refuse them.
 */
export function CustomSpotMapEditor({
  value,
  onChange,
}: {
  value: GridValue;
  onChange: (v: GridValue) => void;
}) {
  const [mode, setMode] = useState<"seats" | "labels">("seats");
  const [picked, setPicked] = useState<string | null>(null);
  const resize = (rows: number, columns: number) => {
    const spots = Object.fromEntries(
      Object.entries(value.spots).filter(([key]) => {
        const r = key.charCodeAt(0) - 65;
        return r < rows && Number(key.slice(1)) <= columns;
      }),
    );
    onChange({ rows, columns, spots });
  };
  const click = (key: string) => {
    if (mode === "labels") {
      setPicked(key);
      return;
    }
    const spots = { ...value.spots };
    if (spots[key]) delete spots[key];
    else spots[key] = { label: nextLabel(spots), selectable: true };
    onChange({ ...value, spots });
  };
  const setCell = (key: string, patch: { label?: string; selectable?: boolean }) =>
    onChange({ ...value, spots: { ...value.spots, [key]: { ...value.spots[key], ...patch } } });
  const seats = Object.values(value.spots).filter((s) => s.selectable !== false).length;

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <NumberInput
          label={catalogueCopy.rows}
          min={1}
          max={26}
          w={110}
          value={value.rows}
          onChange={(v) => resize(Math.min(26, Math.max(1, Number(v) || 1)), value.columns)}
        />
        <NumberInput
          label={catalogueCopy.columns}
          min={1}
          max={40}
          w={110}
          value={value.columns}
          onChange={(v) => resize(value.rows, Math.min(40, Math.max(1, Number(v) || 1)))}
        />
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as "seats" | "labels")}
          data={[
            { value: "seats", label: catalogueCopy.modeSeats },
            { value: "labels", label: catalogueCopy.modeLabels },
          ]}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {mode === "seats" ? catalogueCopy.seatsHelp : catalogueCopy.labelsHelp} ·{" "}
        {catalogueCopy.seatCount(seats)}
      </Text>
      <Paper withBorder radius="md" p="xs" style={{ overflowX: "auto" }}>
        <Stack gap={4} align="center" miw="fit-content">
          {Array.from({ length: value.rows }, (_, r) => (
            <Group key={rowLetter(r)} gap={4} wrap="nowrap">
              <Text w={16} size="xs" c="dimmed" ta="center">
                {rowLetter(r)}
              </Text>
              {Array.from({ length: value.columns }, (_, c) => {
                const key = `${rowLetter(r)}${c + 1}`;
                const spot = value.spots[key];
                const seat = spot && spot.selectable !== false;
                const fixed = spot && spot.selectable === false;
                return (
                  <UnstyledButton
                    key={key}
                    onClick={() => click(key)}
                    aria-label={`${key}${spot?.label ? ` (${spot.label})` : ""}`}
                    aria-pressed={Boolean(seat)}
                    w={CELL}
                    h={CELL}
                    style={{
                      display: "grid",
                      placeItems: "center",
                      borderRadius: 8,
                      fontSize: 12,
                      fontWeight: 600,
                      border: `1px ${spot ? "solid" : "dashed"} var(--mantine-color-gray-4)`,
                      outline:
                        picked === key && mode === "labels"
                          ? "2px solid var(--mantine-color-blue-6)"
                          : undefined,
                      background: seat
                        ? "var(--mantine-primary-color-filled)"
                        : fixed
                          ? "var(--mantine-color-gray-3)"
                          : "transparent",
                      color: seat ? "var(--mantine-color-white)" : "var(--mantine-color-dark-6)",
                    }}
                  >
                    <Box
                      component="span"
                      style={{ overflow: "hidden", maxWidth: CELL - 4, whiteSpace: "nowrap" }}
                    >
                      {spot?.label ?? ""}
                    </Box>
                  </UnstyledButton>
                );
              })}
            </Group>
          ))}
        </Stack>
      </Paper>
      {mode === "labels" && picked ? (
        <Group gap="sm" align="flex-end">
          <TextInput
            label={`${catalogueCopy.selectedCell(picked)} · ${catalogueCopy.cellLabel}`}
            maxLength={20}
            value={value.spots[picked]?.label ?? ""}
            onChange={(e) => setCell(picked, { label: e.currentTarget.value })}
          />
          <Switch
            label={catalogueCopy.cellSelectable}
            checked={value.spots[picked] ? value.spots[picked].selectable !== false : false}
            onChange={(e) => setCell(picked, { selectable: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
