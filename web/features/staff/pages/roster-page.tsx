import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatShortDayTime } from "../../../../domain/format";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { RosterFlagBadges } from "../../../components/roster-flag-badges";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { useMarkAttendance, useRoster } from "../api";
import { notifyError, notifySuccess } from "../notify";

/**
 * /admin/mis-clases/:id: who is coming, the desk's notes for coaches (injuries) and attendance
 * (decision 0031). The server answers a coach only for classes they teach.
 */
export function RosterPage() {
  usePageTitle("Lista de la clase");
  const id = Number(useParams().id);
  const config = useAppConfig();
  const roster = useRoster(id);
  const mark = useMarkAttendance(id);
  // Taking an attendance back asks first, as at the desk (docs/product-rules.md#hoy).
  const [unmarking, setUnmarking] = useState<{ id: number; name: string } | null>(null);
  if (roster.isPending) return <Loader role="status" aria-label="Cargando la lista" />;
  if (roster.isError) return <Alert color="red">{roster.error.message}</Alert>;
  const { single_class: klass, seats, waitlist } = roster.data;
  const present = seats.filter((s) => s.attend).length;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} maw={720} mx="auto">
      <Anchor component={Link} to="/admin/mis-clases" size="sm">
        ← Mis clases
      </Anchor>
      <Stack gap={2}>
        <Title order={1} fz={26}>
          {klass.class_type}
        </Title>
        <Text c="dimmed">
          {[formatShortDayTime(klass.class_date, config.timezone), klass.location]
            .filter(Boolean)
            .join(" · ")}
        </Text>
        <Text size="sm">
          {seats.length === 1 ? "1 reservación" : `${seats.length} reservaciones`} · {present} con asistencia
        </Text>
      </Stack>
      {seats.length === 0 ? <Text c="dimmed">Nadie ha reservado todavía.</Text> : null}
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
        {seats.map((seat) => (
          <Card key={seat.class_reservation_id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {seat.name}
                  {seat.is_guest ? (
                    <Badge ml="xs" size="sm" variant="light" color="gray">
                      Invitado
                    </Badge>
                  ) : null}
                </Text>
                {seat.spot ? (
                  <Text size="sm" c="dimmed">
                    Lugar {seat.spot}
                  </Text>
                ) : null}
                <RosterFlagBadges flags={seat.flags} />
              </Stack>
              <Switch
                label="Asistió"
                checked={seat.attend}
                disabled={mark.isPending}
                onChange={(e) => {
                  if (!e.currentTarget.checked) {
                    setUnmarking({ id: seat.class_reservation_id, name: seat.name });
                    return;
                  }
                  mark.mutate(
                    { reservationId: seat.class_reservation_id, attend: true },
                    { onError: notifyError },
                  );
                }}
              />
            </Group>
            {seat.notes.map((note) => (
              <Alert
                key={`${note.createdAt}-${note.body}`}
                mt="xs"
                p="xs"
                color="orange"
                icon={<IconAlertTriangle size={16} aria-hidden="true" />}
              >
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {note.body}
                </Text>
              </Alert>
            ))}
          </Card>
        ))}
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz={18}>
          Lista de espera
        </Title>
        {waitlist.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nadie en espera.
          </Text>
        ) : (
          <Stack gap={4} component="ol" m={0} pl="md">
            {waitlist.map((w) => (
              <Text key={w.position} component="li" size="sm">
                {w.name}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={unmarking !== null}
        title="Quitar asistencia"
        message={`¿Quitar la asistencia de ${unmarking?.name ?? ""}? Su lugar queda sin marcar.`}
        confirmLabel="Quitar asistencia"
        loading={mark.isPending}
        onClose={() => setUnmarking(null)}
        onConfirm={() => {
          if (!unmarking) return;
          mark.mutate(
            { reservationId: unmarking.id, attend: false },
            {
              onError: notifyError,
              onSuccess: () => notifySuccess("Asistencia quitada."),
              onSettled: () => setUnmarking(null),
            },
          );
        }}
      />
    </Stack>
  );
}
