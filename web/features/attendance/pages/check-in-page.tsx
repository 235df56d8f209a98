import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { formatDateTime } from "../../../../domain/format";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { useCheckIn, useSetCheckIn } from "../api";
import { SeatRow } from "../components/seat-row";
import { useUnmarkConfirm } from "../components/unmark-confirm";

/** /admin/reservaciones/:id — where the customer's QR lands: who, which class, check in. */
export function CheckInPage() {
  usePageTitle("Registrar asistencia");
  const id = Number(useParams().id);
  const zone = useAppConfig().timezone;
  const query = useCheckIn(id);
  const setCheckIn = useSetCheckIn();
  const unmark = useUnmarkConfirm(setCheckIn);
  const back = (
    <Anchor component={Link} to="/admin/reservaciones" fw={600} w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={18} aria-hidden="true" />
        Volver a las clases
      </Group>
    </Anchor>
  );
  const frame = (children: React.ReactNode) => (
    <Container size={640} px={{ base: "sm", sm: "lg" }} py={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        {back}
        {children}
      </Stack>
    </Container>
  );
  if (query.isLoading) return frame(<Loader role="status" aria-label="Cargando" />);
  if (query.error || !query.data)
    return frame(
      <Alert color="red">
        {isApiError(query.error) ? query.error.message : "No encontramos esta reservación."}
      </Alert>,
    );
  const { class_reservation: seat, guests, single_class: c } = query.data;
  const started = new Date(c.class_date).getTime() <= Date.now();
  return frame(
    <>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Registrar asistencia
        </Title>
        <Text fw={600}>
          {c.class_type.name} · {formatDateTime(c.class_date, zone)}
        </Text>
      </Stack>
      {seat.cancelled && seat.status !== "late_cancel" ? (
        <Alert color="red">Esta reservación fue cancelada.</Alert>
      ) : null}
      {[seat, ...guests].map((s) => (
        <SeatRow
          key={s.class_reservation_id}
          seat={s}
          started={started}
          busy={setCheckIn.isPending}
          onSet={(status) =>
            status === "pending" && s.status === "attended"
              ? unmark.ask(s)
              : setCheckIn.mutate({ id: s.class_reservation_id, status })
          }
        />
      ))}
      <Text size="sm" c="dimmed">
        {seat.email}
        {seat.phone ? ` · ${seat.phone}` : ""}
      </Text>
      <Button component={Link} to={`/admin/clases/${c.single_class_id}/asistencia`} variant="light" size="md">
        Ver lista de la clase
      </Button>
      {unmark.modal}
    </>,
  );
}
