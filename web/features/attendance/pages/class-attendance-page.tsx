import { Alert, Badge, Group, Loader, Stack, Text } from "@mantine/core";
import { useParams } from "react-router";
import { formatDateTime } from "../../../../domain/format";
import { PageHeading } from "../../../components/page-placeholder";
import { isApiError } from "../../../lib/api-client";
import { usePageTitle } from "../../../lib/use-page-title";
import { useAppConfig } from "../../app-config/api";
import { useClassAttendance, useSetAttendance } from "../api";
import { SeatRow } from "../components/seat-row";

/** /admin/clases/:id/asistencia — the class list at the door: names, guests, spots, payment. */
export function ClassAttendancePage() {
  usePageTitle("Lista de asistencia");
  const id = Number(useParams().id);
  const zone = useAppConfig().timezone;
  const query = useClassAttendance(id);
  const setAttendance = useSetAttendance();
  if (query.isLoading) return <Loader />;
  if (query.error || !query.data)
    return (
      <Alert color="red">
        {isApiError(query.error) ? query.error.message : "No encontramos esta clase."}
      </Alert>
    );
  const { single_class: c, reservations, attended } = query.data;
  const coaches = c.class_instructors
    .map(({ instructor }) => instructor.nick_name || instructor.name)
    .join(", ");
  return (
    <Stack maw={720}>
      <PageHeading
        title="Lista de asistencia"
        subtitle={`${c.class_type.name} · ${formatDateTime(c.class_date, zone)}`}
      />
      <Group gap="xs">
        {coaches ? (
          <Badge variant="light" tt="none">
            Coach: {coaches}
          </Badge>
        ) : null}
        {c.location ? (
          <Badge variant="light" color="gray" tt="none">
            {c.location.name}
          </Badge>
        ) : null}
        <Badge color="green" tt="none" data-testid="attendance-count">
          Asistieron {attended} de {reservations.length}
        </Badge>
      </Group>
      {reservations.length === 0 ? (
        <Text c="dimmed">Nadie ha reservado esta clase.</Text>
      ) : (
        reservations.map((s) => (
          <SeatRow
            key={s.class_reservation_id}
            seat={s}
            busy={setAttendance.isPending}
            onToggle={(attend) => setAttendance.mutate({ id: s.class_reservation_id, attend })}
          />
        ))
      )}
    </Stack>
  );
}
