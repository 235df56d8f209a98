import { Box, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { addLocalDays, type ClassCardState } from "../../../../domain/booking";
import { weekdayName } from "../../../../domain/format";
import { publicText } from "../../../../domain/messages-public";
import type { ScheduleDay, SingleClass } from "../api";
import { monthGridRange } from "../schedule-state";
import { DayCell } from "./month-day-cell";

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
