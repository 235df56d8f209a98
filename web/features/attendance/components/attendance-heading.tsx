import { Badge, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { countLabel, formatDateTime } from "../../../../domain/format";
import type { ClassAttendance } from "../api";
import { STATES } from "./seat-row";

/** The class: its type, time, coaches, place and how many hold a seat (late cancels left out). */
export function AttendanceHeading({ data, zone }: { data: ClassAttendance; zone: string }) {
  const { single_class: c, reservations, counts } = data;
  const coaches = c.class_instructors
    .map(({ instructor }) => instructor.nick_name || instructor.name)
    .join(", ");
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Registrar asistencia
      </Title>
      <Text fw={600}>
        {c.class_type.name} · {formatDateTime(c.class_date, zone)}
      </Text>
      <Group gap="xs">
        {coaches ? (
          <Badge variant="light" tt="none">
            Coach: {coaches}
          </Badge>
        ) : null}
        {c.location ? (
          <Badge variant="light" color="gray" tt="none" c="dark.6">
            {c.location.name}
          </Badge>
        ) : null}
        <Badge variant="outline" color="dark" tt="none" data-testid="seat-count">
          {countLabel(reservations.length - counts.late_cancel, "reservación", "reservaciones")}
        </Badge>
      </Group>
    </Stack>
  );
}

/** How many seats are unmarked, attended, no-shows and late cancels. */
export function AttendanceCounts({ counts }: { counts: ClassAttendance["counts"] }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="attendance-counts">
      {[
        { label: "Sin marcar", value: counts.pending, color: "gray" },
        ...STATES.map((s) => ({ label: s.label, value: counts[s.status], color: s.color })),
      ].map((k) => (
        <Stack
          key={k.label}
          gap={0}
          p="xs"
          style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
          data-testid={`count-${k.label}`}
        >
          <Text fz={24} fw={700} c={`${k.color}.9`} lh={1.2}>
            {k.value}
          </Text>
          <Text size="sm">{k.label}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
