import { Box, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import type { SpotGrid } from "../../domain/spot-map";

export interface SpotMapProps {
  grid: SpotGrid;
  taken: string[];
  /** Spots chosen in this form, each with its own colour role. */
  selected: { key: string | null; role: "me" | "guest" }[];
  onSelect: (key: string) => void;
  /** The legend of the chosen spot: "Tu lugar" for the customer; the desk says "Su lugar". */
  mineLabel?: string;
}

const SIZE = 40;
/** teal.9, not teal.6: white numbers on teal.6 are about 2.5:1, on teal.9 about 5:1 (WCAG AA). */
const GUEST_COLOR = "var(--mantine-color-teal-9)";

/**
 * A room's spot map: row-size maps are centred rows of numbered spots; custom maps are a grid
 * where empty cells are aisles and unselectable cells (the coach) show their label. Taken spots
 * are disabled. Each spot is a real button with an accessible name.
 */
export function SpotMap({ grid, taken, selected, onSelect, mineLabel = "Tu lugar" }: SpotMapProps) {
  const takenSet = new Set(taken);
  const roleOf = (key: string) => selected.find((s) => s.key === key)?.role;
  return (
    <Stack gap={6} align="center" py="xs" style={{ overflowX: "auto" }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Frente del salón
      </Text>
      {grid.rows.map((row, r) => (
        <Group key={row[0]?.key ?? r} gap={6} justify="center" wrap="nowrap">
          {row.map((cell) => {
            if (!cell.selectable) {
              return (
                <Box
                  key={cell.key}
                  w={SIZE}
                  h={SIZE}
                  style={{
                    display: "grid",
                    placeItems: "center",
                    borderRadius: 8,
                    background: cell.label ? "var(--mantine-color-gray-2)" : "transparent",
                    fontSize: 10,
                    color: "var(--mantine-color-gray-7)",
                  }}
                >
                  {cell.label}
                </Box>
              );
            }
            const isTaken = takenSet.has(cell.key) && !roleOf(cell.key);
            const role = roleOf(cell.key);
            const background = isTaken
              ? "var(--mantine-color-gray-4)"
              : role === "me"
                ? "var(--mantine-primary-color-filled)"
                : role === "guest"
                  ? GUEST_COLOR
                  : "var(--mantine-color-body)";
            return (
              <UnstyledButton
                key={cell.key}
                disabled={isTaken}
                onClick={() => onSelect(cell.key)}
                aria-label={`Lugar ${cell.label}${isTaken ? " (ocupado)" : role ? " (seleccionado)" : ""}`}
                aria-pressed={Boolean(role)}
                data-spot={cell.key}
                w={SIZE}
                h={SIZE}
                style={{
                  display: "grid",
                  placeItems: "center",
                  borderRadius: 8,
                  border: `1px solid ${isTaken ? "transparent" : "var(--mantine-color-gray-4)"}`,
                  background,
                  // The theme picks black or white on the studio's colour (autoContrast); a taken
                  // number stays legible (gray.7 on gray.4) while the strike-through marks it.
                  color:
                    role === "me"
                      ? "var(--mantine-primary-color-contrast)"
                      : role === "guest"
                        ? "white"
                        : isTaken
                          ? "var(--mantine-color-gray-7)"
                          : undefined,
                  fontWeight: 600,
                  fontSize: 13,
                  cursor: isTaken ? "not-allowed" : "pointer",
                  textDecoration: isTaken ? "line-through" : undefined,
                }}
              >
                {cell.label}
              </UnstyledButton>
            );
          })}
        </Group>
      ))}
      <Group gap="md" mt={4}>
        <Legend color="var(--mantine-color-body)" label="Libre" bordered />
        <Legend color="var(--mantine-color-gray-4)" label="Ocupado" />
        <Legend color="var(--mantine-primary-color-filled)" label={mineLabel} />
        {selected.some((s) => s.role === "guest") ? <Legend color={GUEST_COLOR} label="Invitado" /> : null}
      </Group>
    </Stack>
  );
}

function Legend({ color, label, bordered }: { color: string; label: string; bordered?: boolean }) {
  return (
    <Group gap={4}>
      <Box
        w={12}
        h={12}
        style={{
          borderRadius: 3,
          background: color,
          border: bordered ? "1px solid var(--mantine-color-gray-4)" : undefined,
        }}
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
