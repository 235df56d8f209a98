import {
  ActionIcon,
  Badge,
  Box,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { formatTime, weekdayName } from "../../../../domain/format";
import type { AdminClass } from "../api";
import { scheduleCopy as c } from "../copy";

type Day = { date: string; single_classes: AdminClass[] };

function dayLabel(date: string) {
  const [, m, d] = date.split("-").map(Number);
  return `${Number(d)}/${m}`;
}

/** Occupancy colour: free, filling, full. */
/** Occupancy text colour: dark enough on white for WCAG AA (Mantine's shade 6 is not). */
function fill(k: AdminClass) {
  if (!k.capacity) return "dimmed";
  const ratio = k.reserved / k.capacity;
  return ratio >= 1 ? "red.9" : ratio >= 0.7 ? "#a33a0b" : "teal.9";
}

/**
 * The staff week: seven columns on wide screens, one day under another on phones. Each class
 * shows its time, type (colour bar), coaches and occupancy; a click opens it.
 */
export function WeekGrid({
  days,
  today,
  timezone,
  onOpen,
  onAdd,
}: {
  days: Day[];
  today: string;
  timezone: string;
  onOpen: (k: AdminClass) => void;
  /** Absent for a role that may not create classes: no "+" per day. */
  onAdd?: (date: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 7 }} spacing="xs">
      {days.map((day) => {
        const noon = `${day.date}T18:00:00.000Z`;
        return (
          <Paper
            key={day.date}
            withBorder
            radius="md"
            p="xs"
            bg={day.date === today ? "var(--mantine-primary-color-light)" : undefined}
            aria-label={`${weekdayName(noon, timezone)} ${dayLabel(day.date)}`}
            component="section"
          >
            <Stack gap={6}>
              <Box style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
                <Text fw={700} size="sm" tt="capitalize">
                  {weekdayName(noon, timezone)} {dayLabel(day.date)}
                </Text>
                {onAdd ? (
                  <Tooltip label={c.addOnDay(dayLabel(day.date))}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      aria-label={c.addOnDay(dayLabel(day.date))}
                      onClick={() => onAdd(day.date)}
                    >
                      <IconPlus size={14} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Box>
              {day.single_classes.length === 0 ? (
                <Text size="xs" c="dimmed">
                  {c.noClasses}
                </Text>
              ) : (
                day.single_classes.map((k) => (
                  <UnstyledButton
                    key={k.single_class_id}
                    onClick={() => onOpen(k)}
                    p={6}
                    style={{
                      borderRadius: 8,
                      background: "var(--mantine-color-body)",
                      border: "1px solid var(--mantine-color-default-border)",
                      borderLeft: `4px solid ${k.class_type.color ?? "var(--mantine-primary-color-filled)"}`,
                    }}
                  >
                    <Text size="xs" fw={700} td={k.cancelled_at ? "line-through" : undefined}>
                      {formatTime(k.class_date, timezone)} · {k.class_type.name}
                    </Text>
                    {k.cancelled_at ? (
                      <Badge size="xs" color="red" variant="light">
                        {c.cancelled}
                      </Badge>
                    ) : null}
                    {/* Coach and location on lines of their own, wrapped, never cut: at 1280 px a
                        day column is ~110 px and one clamped line read "Valeria · Rom…". */}
                    {k.class_instructors.length ? (
                      <Text
                        size="xs"
                        c="dimmed"
                        data-testid="class-coaches"
                        style={{ overflowWrap: "anywhere" }}
                      >
                        {k.class_instructors.map((i) => i.instructor.name).join(", ")}
                      </Text>
                    ) : null}
                    {k.location ? (
                      <Text
                        size="xs"
                        c="dimmed"
                        data-testid="class-location"
                        style={{ overflowWrap: "anywhere" }}
                      >
                        {k.location.name}
                      </Text>
                    ) : null}
                    {k.cancelled_at ? null : (
                      <Text size="xs" fw={600} c={fill(k)}>
                        {c.occupancy(k.reserved, k.capacity)}
                      </Text>
                    )}
                  </UnstyledButton>
                ))
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
