import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft, IconChecks, IconQrcode, IconSearch, IconUserPlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { countLabel, formatDateTime } from "../../../../domain/format";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { AggregatorSeatBadges, useClassAggregatorSeats } from "../../aggregators/public";
import { type CheckInStatus, type Seat, useCheckInAll, useClassAttendance, useSetCheckIn } from "../api";
import { SeatRow, STATES, seatName } from "../components/seat-row";
import { useUnmarkConfirm } from "../components/unmark-confirm";
import { WalkInModal } from "../components/walk-in-modal";
import { reservationIdFromQr } from "../qr-target";

// The camera reader (and @zxing/browser with it) loads only when the desk opens the scanner.
const QrScanner = lazy(() => import("../components/qr-scanner").then((m) => ({ default: m.QrScanner })));

/** Accent-free lower case, so "maria" finds "María". */
function folded(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * /admin/clases/:id/asistencia — the class at the door, on a phone or a tablet: search by name,
 * each seat's state (Asistió / No asistió / Cancelación tardía) with counts, "Marcar a todos",
 * walk-ins, and the camera reading customers' QR codes.
 */
export function ClassAttendancePage() {
  usePageTitle("Registrar asistencia");
  const id = Number(useParams().id);
  const zone = useAppConfig().timezone;
  const query = useClassAttendance(id);
  const sources = new Map(
    (useClassAggregatorSeats(id, query.dataUpdatedAt).data ?? []).map((v) => [v.class_reservation_id, v]),
  );
  const setCheckIn = useSetCheckIn();
  const checkInAll = useCheckInAll(id);
  const unmark = useUnmarkConfirm(setCheckIn);
  const [search, setSearch] = useState("");
  const [scanning, setScanning] = useState(false);
  const [walkIn, setWalkIn] = useState(false);
  const [lateCancel, setLateCancel] = useState<Seat | null>(null);
  const [lastScan, setLastScan] = useState<string | null>(null);

  const frame = (children: React.ReactNode) => (
    <Container size={760} px={{ base: "sm", sm: "lg" }} py={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        <Anchor component={Link} to="/admin/reservaciones" fw={600} w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={18} aria-hidden="true" />
            Volver a las clases
          </Group>
        </Anchor>
        {children}
      </Stack>
    </Container>
  );

  if (query.isLoading) return frame(<Loader role="status" aria-label="Cargando" />);
  if (query.error || !query.data)
    return frame(
      <Alert color="red">
        {isApiError(query.error) ? query.error.message : "No encontramos esta clase."}
      </Alert>,
    );
  const { single_class: c, reservations, counts } = query.data;
  const started = new Date(c.class_date).getTime() <= Date.now();
  const coaches = c.class_instructors
    .map(({ instructor }) => instructor.nick_name || instructor.name)
    .join(", ");
  const needle = folded(search.trim());
  const shown = needle
    ? reservations.filter((s) => folded(`${seatName(s)} ${s.phone ?? ""}`).includes(needle))
    : reservations;

  const set = (seat: Seat, status: CheckInStatus) => {
    if (status === "late_cancel") setLateCancel(seat);
    else if (status === "pending" && seat.status === "attended") unmark.ask(seat);
    else setCheckIn.mutate({ id: seat.class_reservation_id, status });
  };

  const onScan = (text: string) => {
    const reservationId = reservationIdFromQr(text);
    const seat = reservations.find((s) => s.class_reservation_id === reservationId);
    if (!reservationId) {
      notifications.show({
        color: "red",
        message: "Este código QR no es de una reservación.",
        autoClose: 5000,
      });
      return;
    }
    if (!seat) {
      notifications.show({
        color: "red",
        message: "Esta reservación no es de esta clase o fue cancelada.",
        autoClose: 5000,
      });
      return;
    }
    setLastScan(seatName(seat));
    if (seat.status !== "attended") setCheckIn.mutate({ id: seat.class_reservation_id, status: "attended" });
  };

  return frame(
    <>
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

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Button
          size="lg"
          leftSection={<IconChecks size={20} aria-hidden="true" />}
          onClick={() => checkInAll.mutate()}
          loading={checkInAll.isPending}
          disabled={counts.pending === 0}
        >
          Marcar a todos
        </Button>
        <Button
          size="lg"
          variant="light"
          leftSection={<IconQrcode size={20} aria-hidden="true" />}
          onClick={() => setScanning((v) => !v)}
          aria-expanded={scanning}
        >
          {scanning ? "Cerrar cámara" : "Escanear QR"}
        </Button>
        <Button
          size="lg"
          variant="default"
          leftSection={<IconUserPlus size={20} aria-hidden="true" />}
          onClick={() => setWalkIn(true)}
        >
          Agregar cliente
        </Button>
      </SimpleGrid>

      {scanning ? (
        <Suspense fallback={<Loader role="status" aria-label="Cargando la cámara" />}>
          <QrScanner onCode={onScan} onClose={() => setScanning(false)} />
          {lastScan ? (
            <Alert color="green" data-testid="last-scan">
              Último código leído: {lastScan}
            </Alert>
          ) : null}
        </Suspense>
      ) : null}

      <TextInput
        size="lg"
        label="Buscar por nombre"
        placeholder="Escribe un nombre o teléfono"
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        type="search"
      />

      {reservations.length === 0 ? (
        <Text>Nadie ha reservado esta clase.</Text>
      ) : shown.length === 0 ? (
        <Text>No hay reservaciones con ese nombre.</Text>
      ) : (
        <Stack gap="sm">
          {shown.map((s) => (
            <SeatRow
              key={s.class_reservation_id}
              seat={s}
              started={started}
              busy={setCheckIn.isPending}
              onSet={(status) => set(s, status)}
              source={
                sources.has(s.class_reservation_id) ? (
                  <AggregatorSeatBadges visit={sources.get(s.class_reservation_id)} />
                ) : null
              }
            />
          ))}
        </Stack>
      )}

      <WalkInModal classId={id} opened={walkIn} onClose={() => setWalkIn(false)} />
      {unmark.modal}
      <Modal opened={lateCancel !== null} onClose={() => setLateCancel(null)} title="Cancelación tardía">
        <Stack>
          <Text>
            {lateCancel ? seatName(lateCancel) : ""} pierde su lugar y el crédito no se devuelve. Esto no se
            puede deshacer.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLateCancel(null)}>
              Volver
            </Button>
            <Button
              color="orange.9"
              loading={setCheckIn.isPending}
              onClick={() => {
                if (!lateCancel) return;
                setCheckIn.mutate(
                  { id: lateCancel.class_reservation_id, status: "late_cancel" },
                  { onSettled: () => setLateCancel(null) },
                );
              }}
            >
              Registrar cancelación tardía
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>,
  );
}
