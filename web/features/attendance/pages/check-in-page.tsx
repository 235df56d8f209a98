import { Alert, Anchor, Button, Loader, Stack, Text } from "@mantine/core";
import { Link, useParams } from "react-router";
import { formatDateTime } from "../../../../domain/format";
import { PageHeading } from "../../../components/page-placeholder";
import { isApiError } from "../../../lib/api-client";
import { usePageTitle } from "../../../lib/use-page-title";
import { useAppConfig } from "../../app-config/api";
import { useCheckIn, useSetAttendance } from "../api";
import { SeatRow } from "../components/seat-row";

/** /admin/reservaciones/:id — where the customer's QR lands: who, which class, check in. */
export function CheckInPage() {
  usePageTitle("Registrar asistencia");
  const id = Number(useParams().id);
  const zone = useAppConfig().timezone;
  const query = useCheckIn(id);
  const setAttendance = useSetAttendance();
  if (query.isLoading) return <Loader />;
  if (query.error || !query.data)
    return (
      <Alert color="red">
        {isApiError(query.error) ? query.error.message : "No encontramos esta reservación."}
      </Alert>
    );
  const { class_reservation: seat, guests, single_class: c } = query.data;
  return (
    <Stack maw={640}>
      <PageHeading
        title="Registrar asistencia"
        subtitle={`${c.class_type.name} · ${formatDateTime(c.class_date, zone)}`}
      />
      {seat.cancelled ? <Alert color="red">Esta reservación fue cancelada.</Alert> : null}
      {[seat, ...guests].map((s) => (
        <SeatRow
          key={s.class_reservation_id}
          seat={s}
          busy={setAttendance.isPending}
          onToggle={(attend) => setAttendance.mutate({ id: s.class_reservation_id, attend })}
        />
      ))}
      <Text size="sm" c="dimmed">
        {seat.email}
        {seat.phone ? ` · ${seat.phone}` : ""}
      </Text>
      <Button component={Link} to={`/admin/clases/${c.single_class_id}/asistencia`} variant="light">
        Ver lista de la clase
      </Button>
      <Anchor component={Link} to="/admin" size="sm">
        Volver al panel
      </Anchor>
    </Stack>
  );
}
