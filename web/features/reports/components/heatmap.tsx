import { Box, Table, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { reportsCopy } from "../copy";

const c = reportsCopy;

export type HeatCell = {
  weekday: number;
  hour: number;
  classes: number;
  seats: number;
  capacity: number;
  fill_rate: number | null;
};

/**
 * Mantine's brand scale by fill: pale for empty rooms, dark for full ones. Dark text on the light
 * shades and white on the dark ones only, so every cell keeps AA contrast (e2e/admin-axe.test.ts).
 */
function shade(rate: number | null): { bg: string; fg: string } {
  if (rate === null) return { bg: "var(--mantine-color-gray-1)", fg: "var(--mantine-color-dark-9)" };
  const step = rate < 20 ? 0 : rate < 40 ? 1 : rate < 55 ? 2 : rate < 70 ? 3 : rate < 85 ? 8 : 9;
  return {
    bg: `var(--mantine-color-brand-${step})`,
    fg: step >= 8 ? "white" : "var(--mantine-color-dark-9)",
  };
}

/** Weekday × hour on the studio's clock; every cell opens its classes. */
export function Heatmap({ cells, onOpen }: { cells: HeatCell[]; onOpen: (cell: HeatCell) => void }) {
  if (cells.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {c.empty}
      </Text>
    );
  const hours = [...new Set(cells.map((x) => x.hour))].sort((a, b) => a - b);
  const byKey = new Map(cells.map((x) => [`${x.weekday}-${x.hour}`, x]));
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table
        withRowBorders={false}
        verticalSpacing={2}
        horizontalSpacing={2}
        aria-label={c.utilisation.heatmap}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56} />
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <Table.Th key={d} ta="center" fz="xs">
                {c.weekdays[d]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hours.map((h) => (
            <Table.Tr key={h}>
              <Table.Th fz="xs" fw={500}>{`${String(h).padStart(2, "0")}:00`}</Table.Th>
              {[1, 2, 3, 4, 5, 6, 7].map((d) => {
                const cell = byKey.get(`${d}-${h}`);
                if (!cell) return <Table.Td key={d} />;
                const { bg, fg } = shade(cell.fill_rate);
                const shown = cell.fill_rate === null ? c.none : `${Math.round(cell.fill_rate)}%`;
                // The visible figure first: the button's name contains what it shows (WCAG 2.5.3).
                const label = `${shown} · ${c.weekdays[d]} ${String(h).padStart(2, "0")}:00 · ${cell.seats}/${cell.capacity}`;
                return (
                  <Table.Td key={d} p={2}>
                    <Tooltip label={label}>
                      <UnstyledButton
                        onClick={() => onOpen(cell)}
                        aria-label={label}
                        w="100%"
                        style={{ background: bg, color: fg, borderRadius: 4 }}
                      >
                        <Box ta="center" fz="xs" fw={600} py={6}>
                          {shown}
                        </Box>
                      </UnstyledButton>
                    </Tooltip>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
