import { Box, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import type { ClassCardState } from "../../../../domain/booking";
import { formatTime, weekdayName } from "../../../../domain/format";
import type { SingleClass } from "../api";
import type { MonthGridProps } from "./month-grid";

/** Legend colours (Disponible / Reservada / Sin Lugares); a closed class is greyed out. */
const STATE_COLOR: Record<ClassCardState, string> = {
  bookable: "var(--mantine-color-green-6)",
  package: "var(--mantine-color-green-6)",
  reserved: "var(--mantine-primary-color-filled)",
  full: "var(--mantine-color-red-6)",
  closed: "var(--mantine-color-gray-5)",
  past: "var(--mantine-color-gray-5)",
};

/**
 * One day of the month grid: from 48em its number (opening its week) and its classes, each
 * running its card's action; on a phone its number and a dot a class, selecting the day.
 */
export function DayCell({
  day,
  classes,
  outside,
  isToday,
  isSelected,
  timeZone,
  stateOf,
  actionOf,
  onOpenWeek,
  onSelectDay,
}: MonthGridProps & {
  day: string;
  classes: SingleClass[];
  outside: boolean;
  isToday: boolean;
  isSelected: boolean;
}) {
  const number = Number(day.slice(8));
  return (
    <Box
      data-testid="month-day"
      data-day={day}
      data-today={isToday || undefined}
      style={{
        borderRadius: 8,
        border: `1px solid ${isSelected ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-gray-3)"}`,
        background: isToday ? "var(--mantine-primary-color-light)" : undefined,
        opacity: outside ? 0.55 : 1,
        minWidth: 0,
      }}
    >
      {/* Desktop: the day number opens its week; the classes are listed inside the cell. */}
      <Stack gap={2} p={4} mih={96} visibleFrom="sm">
        <UnstyledButton
          onClick={() => onOpenWeek(day)}
          aria-label={`Ver semana del ${weekdayName(day)} ${number}`}
          style={{ alignSelf: "flex-end" }}
        >
          <Text
            size="sm"
            fw={isToday ? 800 : 600}
            c={isToday ? "var(--mantine-primary-color-filled)" : undefined}
          >
            {number}
          </Text>
        </UnstyledButton>
        {classes.map((c) => {
          const state = stateOf(c);
          const action = actionOf(c);
          return (
            <UnstyledButton
              key={c.single_class_id}
              data-testid="month-class"
              data-state={state}
              disabled={!action}
              onClick={action ?? undefined}
              title={`${formatTime(c.class_date, timeZone)} ${c.class_type.name}`}
              style={{
                display: "block",
                borderRadius: 4,
                padding: "1px 4px",
                borderLeft: `3px solid ${STATE_COLOR[state]}`,
                background:
                  state === "reserved" ? "var(--mantine-primary-color-light)" : "var(--mantine-color-gray-0)",
                cursor: action ? "pointer" : "default",
                opacity: state === "closed" ? 0.6 : 1,
              }}
            >
              <Text size="xs" lh={1.3} truncate>
                <b>{formatTime(c.class_date, timeZone)}</b> {c.class_type.name}
              </Text>
            </UnstyledButton>
          );
        })}
      </Stack>
      {/* Phone: a tap selects the day; its classes are listed under the grid. */}
      <UnstyledButton
        hiddenFrom="sm"
        w="100%"
        p={4}
        mih={48}
        onClick={() => onSelectDay(day)}
        aria-label={`${weekdayName(day)} ${number}`}
        aria-pressed={isSelected}
      >
        <Stack gap={4} align="center">
          <Text size="sm" fw={isToday ? 800 : 500}>
            {number}
          </Text>
          <Group gap={2} justify="center" wrap="wrap">
            {classes.slice(0, 6).map((c) => (
              <Box
                key={c.single_class_id}
                w={6}
                h={6}
                style={{ borderRadius: 6, background: STATE_COLOR[stateOf(c)] }}
              />
            ))}
          </Group>
        </Stack>
      </UnstyledButton>
    </Box>
  );
}
