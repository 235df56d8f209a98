import { Badge, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { Link } from "react-router";
import { countLabel, formatTime } from "../../../../domain/format";
import type { TodayClass } from "../api";
import { frontDeskCopy as c } from "../copy";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text fz={22} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="sm">{label}</Text>
    </Stack>
  );
}

/**
 * One class of the day: the whole card is one tap to its attendance (docs/product-rules.md#hoy);
 * the next class stands out with the brand's border and a "Siguiente" badge.
 */
export function TodayClassCard({ klass, zone }: { klass: TodayClass; zone: string }) {
  const start = formatTime(klass.class_date, zone);
  const end = formatTime(
    new Date(new Date(klass.class_date).getTime() + klass.duration_minutes * 60_000),
    zone,
  );
  const capacity = klass.capacity ?? 0;
  return (
    <UnstyledButton
      component={Link}
      to={`/admin/clases/${klass.single_class_id}/asistencia`}
      data-testid="today-class"
      data-next={klass.is_next || undefined}
      style={{ display: "block", borderRadius: "var(--mantine-radius-md)" }}
    >
      <Card
        withBorder
        radius="md"
        padding="md"
        style={
          klass.is_next
            ? {
                borderColor: "var(--mantine-primary-color-filled)",
                borderWidth: 2,
                boxShadow: "var(--mantine-shadow-sm)",
              }
            : klass.cancelled
              ? { opacity: 0.75 }
              : undefined
        }
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={700} fz={20}>
                  {start}–{end}
                </Text>
                {klass.is_next ? (
                  <Badge color="primary" variant="filled" tt="none">
                    {c.next}
                  </Badge>
                ) : null}
                {klass.cancelled ? (
                  <Badge color="red" variant="light" tt="none" c="red.9">
                    {c.cancelled}
                  </Badge>
                ) : null}
              </Group>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {klass.class_type}
                {klass.location ? ` · ${klass.location}` : ""}
              </Text>
              <Text size="sm">{klass.coaches.length ? `Coach: ${klass.coaches.join(", ")}` : c.noCoach}</Text>
            </Stack>
            <IconChevronRight size={24} aria-hidden="true" style={{ flexShrink: 0 }} />
          </Group>
          {klass.cancelled ? null : (
            <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
              <Figure
                testId="today-booked"
                value={klass.capacity === null ? String(klass.booked) : `${klass.booked}/${capacity}`}
                label={klass.booked === 1 ? "reservado" : "reservados"}
              />
              <Figure
                testId="today-checked-in"
                value={String(klass.checked_in)}
                label={klass.checked_in === 1 ? "asistencia" : "asistencias"}
              />
              <Figure testId="today-waiting" value={String(klass.waiting)} label="en espera" />
              <Figure
                testId="today-spots-left"
                value={String(klass.spots_left)}
                label={klass.spots_left === 1 ? "lugar libre" : "lugares libres"}
              />
            </SimpleGrid>
          )}
          <Text size="sm" fw={600} c="primary.9">
            {klass.cancelled ? countLabel(klass.booked, "reservación", "reservaciones") : c.attendance}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
