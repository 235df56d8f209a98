import { Anchor, Badge, Group, Progress, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { countLabel, formatTime } from "../../../../domain/format";
import type { Dashboard } from "../api";
import { adminCopy } from "../copy";
import { DashboardCard } from "./dashboard-card";

const c = adminCopy.dashboard;

/** A class of today as the dashboard answers it, with its coaches (server/modules/dashboard). */
type TodayClass = Dashboard["today_classes"][number];

/** Today's classes with their coaches and occupancy; each opens its attendance list. */
export function TodayClasses({ data }: { data: Dashboard }) {
  return (
    <DashboardCard title={c.todayClasses}>
      {data.today_classes.length === 0 ? (
        <Text c="dimmed">{c.noClassesToday}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label={c.todayClasses}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Hora</Table.Th>
                <Table.Th>{adminCopy.customers.class}</Table.Th>
                <Table.Th>Coach</Table.Th>
                <Table.Th w="35%">{c.occupancy}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data.today_classes as TodayClass[]).map((k) => (
                <Table.Tr key={k.single_class_id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="sm" fw={600}>
                      {formatTime(k.class_date, data.timezone)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {countLabel(k.duration_minutes, "minuto", "minutos")}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/admin/clases/${k.single_class_id}/asistencia`}
                      size="sm"
                      fw={600}
                      aria-label={`${k.class_type} a las ${formatTime(k.class_date, data.timezone)}: registrar asistencia`}
                    >
                      {k.class_type}
                    </Anchor>
                    <Group gap={6}>
                      <Text size="xs" c="dimmed">
                        {k.location ?? ""}
                      </Text>
                      {k.cancelledAt ? (
                        <Badge color="red" variant="light" size="sm" c="red.9">
                          {c.cancelled}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{k.coaches.length ? k.coaches.join(", ") : "Sin coach"}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={k.occupancy ?? 100}
                        color={
                          (k.occupancy ?? 100) >= 90 ? "red" : (k.occupancy ?? 0) >= 60 ? "orange" : "brand"
                        }
                        style={{ flex: 1, minWidth: 60 }}
                        aria-label={`${c.occupancy} ${k.class_type}`}
                      />
                      <Text size="sm" fw={500} miw={56} ta="right">
                        {k.booked}/{k.capacity ?? 0}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </DashboardCard>
  );
}
