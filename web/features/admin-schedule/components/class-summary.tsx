import { Badge, Group, Stack, Text } from "@mantine/core";
import type { AdminClass } from "../api";
import { scheduleCopy as c } from "../copy";

/** A class's time, length, place and coaches, and badges for its state, series, occupancy and tags. */
export function ClassSummary({ klass, when }: { klass: AdminClass; when: string }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>{when}</Text>
      <Text size="sm" c="dimmed">
        {[
          c.minutes(klass.duration_minutes),
          klass.location?.name,
          klass.class_instructors
            .map((i) => [i.instructor.name, i.instructor.last_name].filter(Boolean).join(" "))
            .join(", "),
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
      <Group gap={4}>
        {klass.cancelled_at ? (
          <Badge color="red" variant="filled">
            {c.cancelled}
          </Badge>
        ) : null}
        {klass.series_id ? (
          <Badge color="grape" variant="light">
            {c.seriesBadge}
          </Badge>
        ) : null}
        <Badge variant="light">{c.occupancy(klass.reserved, klass.capacity)}</Badge>
        {klass.tags.map((t) => (
          <Badge key={t.tag_id} color={t.color ?? "gray"} variant="outline">
            {t.name}
          </Badge>
        ))}
      </Group>
      {klass.description ? <Text size="sm">{klass.description}</Text> : null}
    </Stack>
  );
}
