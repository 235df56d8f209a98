import { Box, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconChevronUp } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { weekdayName } from "../../../../domain/format";
import { publicText } from "../../../../domain/messages-public";
import { copy } from "../../../lib/copy";
import type { ScheduleDay, SingleClass } from "../api";
import classes from "./calendar-screen.module.css";
import { DayCards } from "./day-cards";

/**
 * 'Semana': a column per day (one under another on phones and tablets, where the days of this
 * week already gone are folded away behind a button, so the page opens on today).
 */
export function WeekView({
  days,
  today,
  timeZone,
  showPastDays,
  onShowPastDays,
  renderCard,
}: {
  days: ScheduleDay[];
  today: string;
  timeZone: string;
  showPastDays: boolean;
  onShowPastDays: () => void;
  renderCard: (c: SingleClass) => ReactNode;
}) {
  const weekEmpty = days.every((d) => d.single_classes.length === 0);
  const pastDays = days.some((d) => d.date === today) ? days.filter((d) => d.date < today).length : 0;
  return (
    <>
      {weekEmpty ? (
        <Text ta="center" c="dimmed" py="md">
          {publicText("noClassesWeek")}
        </Text>
      ) : null}
      {pastDays > 0 && !showPastDays ? (
        <Button
          variant="subtle"
          size="compact-sm"
          hiddenFrom="lg"
          leftSection={<IconChevronUp size={16} aria-hidden />}
          onClick={onShowPastDays}
        >
          {copy.calendar.showPastDays(pastDays)}
        </Button>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="sm" data-testid="week-grid">
        {days.map((day) => (
          <Stack
            key={day.date}
            gap="xs"
            data-testid="day-column"
            data-date={day.date}
            className={classes.dayColumn}
            data-past={pastDays > 0 && day.date < today && !showPastDays ? "" : undefined}
          >
            <Box
              p={6}
              style={{
                borderRadius: 8,
                background:
                  day.date === today ? "var(--mantine-primary-color-light)" : "var(--mantine-color-gray-0)",
              }}
            >
              <Text fw={700} size="sm" ta="center">
                {weekdayName(day.date, timeZone)} {Number(day.date.slice(8))}
              </Text>
            </Box>
            {day.single_classes.length === 0 ? (
              <Text size="xs" c="dimmed" ta="center" hiddenFrom="lg">
                {publicText("noClassesDay")}
              </Text>
            ) : null}
            <DayCards items={day.single_classes} render={renderCard} />
          </Stack>
        ))}
      </SimpleGrid>
    </>
  );
}
