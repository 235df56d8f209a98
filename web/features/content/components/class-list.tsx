import { Badge, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { formatDayMonth, formatTime, wallClock, weekdayName } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import { classLinkPath } from "../../../lib/class-link";
import type { ScheduleDay } from "../api";
import { contentCopy } from "../copy";
import { coachName } from "./coach-card";
import classes from "./sections.module.css";

const pad = (n: number) => String(n).padStart(2, "0");

/** Today and `days - 1` days after it, as YYYY-MM-DD in the studio's zone. */
export function studioDateRange(timeZone: string, days: number): [string, string] {
  const today = wallClock(new Date(), timeZone) ?? wallClock(new Date())!;
  const end = new Date(Date.UTC(today.year, today.month - 1, today.day + days - 1));
  return [
    `${today.year}-${pad(today.month)}-${pad(today.day)}`,
    `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`,
  ];
}

/** Upcoming classes grouped by day: time, class type, coaches, location and spots left. */
export function ClassList({ days, headingLevel = 3 }: { days: ScheduleDay[]; headingLevel?: 3 | 4 }) {
  const { timezone } = useAppConfig();
  const now = Date.now();
  const withClasses = days
    .map((day) => ({
      ...day,
      single_classes: (day.single_classes ?? []).filter((c) => new Date(c.class_date).getTime() > now),
    }))
    .filter((day) => day.single_classes.length > 0);
  if (withClasses.length === 0) return <Text c="dimmed">{contentCopy.noClasses}</Text>;
  return (
    <Stack gap="xl">
      {withClasses.map((day) => {
        const date = wallClock(day.date, timezone);
        const isoDay = date ? `${date.year}-${pad(date.month)}-${pad(date.day)}` : day.date.slice(0, 10);
        return (
          <Stack gap="xs" key={day.date}>
            {/* With its month ("Lunes 30 de noviembre"): two weeks of classes cross into the next. */}
            <Title order={headingLevel} fz="h5">
              {weekdayName(day.date, timezone)} {formatDayMonth(isoDay)}
            </Title>
            {day.single_classes.map((c) => {
              const coaches = (c.class_instructors ?? []).map((ci) => coachName(ci.instructor)).join(", ");
              const spots = typeof c.available === "number" ? c.available : null;
              return (
                // Each class opens its booking on the calendar (or the sign-in box for a visitor).
                <Link
                  key={c.single_class_id}
                  to={classLinkPath(c.single_class_id, isoDay)}
                  className={classes.classRow}
                  style={{ borderLeftColor: c.class_type?.color ?? undefined }}
                  data-testid="class-link"
                >
                  <span className={classes.classTime}>{formatTime(c.class_date, timezone)}</span>
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {c.class_type?.name}
                    </Text>
                    {/* Coach and location wrap: on a phone one cut line read "con Vale · Roma …". */}
                    <Text size="sm" c="dimmed">
                      {[coaches && `${contentCopy.with} ${coaches}`, c.location?.name]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  </Stack>
                  {spots !== null ? (
                    <Badge variant="light" color={spots > 0 ? "brand" : "dark"} style={{ flexShrink: 0 }}>
                      {spots > 0 ? contentCopy.spots(spots) : contentCopy.soldOut}
                    </Badge>
                  ) : null}
                </Link>
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}
