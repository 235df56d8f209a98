import { Box, Button, Group, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import type { ReactNode } from "react";
import { addLocalDays, type ClassCardState } from "../../../../domain/booking";
import { formatTime, weekdayName } from "../../../../domain/format";
import { publicText } from "../../../../domain/messages-public";
import type { ScheduleDay, SingleClass } from "../api";
import { monthGridRange } from "../schedule-state";

/** Legend colours (Disponible / Reservada / Sin Lugares); a closed class is greyed out. */
const STATE_COLOR: Record<ClassCardState, string> = {
  bookable: "var(--mantine-color-green-6)",
  package: "var(--mantine-color-green-6)",
  reserved: "var(--mantine-primary-color-filled)",
  full: "var(--mantine-color-red-6)",
  closed: "var(--mantine-color-gray-5)",
  past: "var(--mantine-color-gray-5)",
};

/** Monday first, as the week view. */
const WEEKDAY_HEADERS = [1, 2, 3, 4, 5, 6, 0].map((d) => weekdayName(d));

export interface MonthGridProps {
  /** "YYYY-MM" on screen. */
  month: string;
  days: ScheduleDay[];
  today: string;
  selectedDay: string;
  timeZone: string;
  stateOf: (c: SingleClass) => ClassCardState;
  /** What clicking a class does (the same handler its card's button runs), null when nothing. */
  actionOf: (c: SingleClass) => (() => void) | null;
  /** The full card for the phone list under the grid. */
  renderCard: (c: SingleClass) => ReactNode;
  onOpenWeek: (day: string) => void;
  onSelectDay: (day: string) => void;
}

/**
 * The month view: a Monday-first grid of the month's weeks. From 48em each cell lists its classes
 * (time + type, coloured by state); below that each cell shows dots and the selected day's
 * classes are listed as full cards under the grid.
 */
export function MonthGrid(props: MonthGridProps) {
  const { month, days, today, selectedDay } = props;
  const byDay = new Map(days.map((d) => [d.date, d.single_classes]));
  const { start, end } = monthGridRange(month);
  const cells: string[] = [];
  for (let day = start; day <= end; day = addLocalDays(day, 1)) cells.push(day);
  const selected = byDay.get(selectedDay) ?? [];

  return (
    <Stack gap="sm" data-testid="month-grid">
      <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
        {WEEKDAY_HEADERS.map((name) => (
          <Text key={name} size="xs" fw={700} ta="center" c="dimmed">
            <Box component="span" visibleFrom="sm">
              {name}
            </Box>
            <Box component="span" hiddenFrom="sm">
              {name.slice(0, 2)}
            </Box>
          </Text>
        ))}
        {cells.map((day) => (
          <DayCell
            key={day}
            {...props}
            day={day}
            classes={byDay.get(day) ?? []}
            outside={day.slice(0, 7) !== month}
            isToday={day === today}
            isSelected={day === selectedDay}
          />
        ))}
      </SimpleGrid>
      <Stack gap="xs" hiddenFrom="sm" data-testid="month-day-list">
        <Group justify="space-between">
          <Text fw={700}>
            {weekdayName(selectedDay)} {Number(selectedDay.slice(8))}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => props.onOpenWeek(selectedDay)}>
            Ver semana
          </Button>
        </Group>
        {selected.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center">
            {publicText("noClassesDay")}
          </Text>
        ) : (
          selected.map((c) => <Box key={c.single_class_id}>{props.renderCard(c)}</Box>)
        )}
      </Stack>
    </Stack>
  );
}

function DayCell({
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

/** The handler a class's card button would run for its state (mirrors ClassCard's action). */
export function primaryAction(
  state: ClassCardState,
  handlers: { onReserve: () => void; onCancel: () => void; onBuy: () => void; onWaitlist: () => void },
  waitlistEnabled: boolean,
): (() => void) | null {
  switch (state) {
    case "bookable":
      return handlers.onReserve;
    case "reserved":
      return handlers.onCancel;
    case "package":
      return handlers.onBuy;
    case "full":
      return waitlistEnabled ? handlers.onWaitlist : null;
    default:
      return null;
  }
}
