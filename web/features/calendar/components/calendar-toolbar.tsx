import { ActionIcon, Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { addLocalDays } from "../../../../domain/booking";
import { monthName } from "../../../../domain/format";
import type { Location } from "../api";
import type { CalendarView } from "../schedule-state";
import { LocationPicker } from "./location-picker";

const VIEWS: { value: CalendarView; label: string }[] = [
  { value: "week", label: "Semana" },
  { value: "month", label: "Mes" },
];

/** The calendar's header: month and week arrows, Semana/Mes, the legend and the location picker. */
export function CalendarToolbar({
  view,
  year,
  month,
  weekStart,
  weekNumber,
  locations,
  location,
  onShiftMonth,
  onView,
  onWeek,
  onLocation,
}: {
  view: CalendarView;
  year: number;
  month: number;
  /** The Monday of the week shown. */
  weekStart: string;
  weekNumber: number;
  locations: Location[];
  location: number | null;
  onShiftMonth: (delta: number) => void;
  onView: (view: CalendarView) => void;
  /** Go to the week starting on this Monday. */
  onWeek: (monday: string) => void;
  onLocation: (location: number | null) => void;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <Group gap={4}>
              <ActionIcon variant="subtle" aria-label="Mes anterior" onClick={() => onShiftMonth(-1)}>
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Title order={2} fz={{ base: 20, sm: 24 }} tt="capitalize" miw={170} ta="center">
                {monthName(month)} {year}
              </Title>
              <ActionIcon variant="subtle" aria-label="Mes siguiente" onClick={() => onShiftMonth(1)}>
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
            {/* Two toggle buttons rather than SegmentedControl: Button is already in the shell's
                code, SegmentedControl was 2.6 KB gzip more for the public calendar. */}
            <Button.Group aria-label="Vista">
              {VIEWS.map((v) => (
                <Button
                  key={v.value}
                  size="xs"
                  variant={view === v.value ? "filled" : "default"}
                  aria-pressed={view === v.value}
                  onClick={() => onView(v.value)}
                >
                  {v.label}
                </Button>
              ))}
            </Button.Group>
          </Group>
          <Group gap={4} display={view === "week" ? undefined : "none"}>
            <ActionIcon
              variant="light"
              aria-label="Semana anterior"
              onClick={() => onWeek(addLocalDays(weekStart, -7))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text fw={600} miw={90} ta="center" data-testid="week-label" data-start={weekStart}>
              Semana {weekNumber}
            </Text>
            <ActionIcon
              variant="light"
              aria-label="Semana siguiente"
              onClick={() => onWeek(addLocalDays(weekStart, 7))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="md">
            <LegendDot color="var(--mantine-color-green-6)" label="Disponible" />
            <LegendDot color="var(--mantine-primary-color-filled)" label="Reservada" />
            <LegendDot color="var(--mantine-color-red-6)" label="Sin Lugares" />
          </Group>
          {locations.length > 1 ? (
            <LocationPicker locations={locations} value={location} onChange={onLocation} />
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function LegendDot({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6}>
      <Box w={10} h={10} style={{ borderRadius: 10, background: color }} />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
