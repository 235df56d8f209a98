import { Alert, Button, Loader, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconChecks, IconQrcode, IconSearch, IconUserPlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useParams } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { AggregatorSeatBadges, useClassAggregatorSeats } from "../../aggregators/public";
import { type CheckInStatus, type Seat, useCheckInAll, useClassAttendance, useSetCheckIn } from "../api";
import { AttendanceFrame } from "../components/attendance-frame";
import { AttendanceCounts, AttendanceHeading } from "../components/attendance-heading";
import { LateCancelModal } from "../components/late-cancel-modal";
import { SeatRow, seatName } from "../components/seat-row";
import { useUnmarkConfirm } from "../components/unmark-confirm";
import { useQrCheckIn } from "../components/use-qr-check-in";
import { WalkInModal } from "../components/walk-in-modal";

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
  const scan = useQrCheckIn(query.data?.reservations ?? [], setCheckIn);
  const [search, setSearch] = useState("");
  const [scanning, setScanning] = useState(false);
  const [walkIn, setWalkIn] = useState(false);
  const [lateCancel, setLateCancel] = useState<Seat | null>(null);

  if (query.isLoading)
    return (
      <AttendanceFrame>
        <Loader role="status" aria-label="Cargando" />
      </AttendanceFrame>
    );
  if (query.error || !query.data)
    return (
      <AttendanceFrame>
        <Alert color="red">
          {isApiError(query.error) ? query.error.message : "No encontramos esta clase."}
        </Alert>
      </AttendanceFrame>
    );
  const { single_class: c, reservations, counts } = query.data;
  const started = new Date(c.class_date).getTime() <= Date.now();
  const needle = folded(search.trim());
  const shown = needle
    ? reservations.filter((s) => folded(`${seatName(s)} ${s.phone ?? ""}`).includes(needle))
    : reservations;

  const set = (seat: Seat, status: CheckInStatus) => {
    if (status === "late_cancel") setLateCancel(seat);
    else if (status === "pending" && seat.status === "attended") unmark.ask(seat);
    else setCheckIn.mutate({ id: seat.class_reservation_id, status });
  };

  return (
    <AttendanceFrame>
      <AttendanceHeading data={query.data} zone={zone} />
      <AttendanceCounts counts={counts} />

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
          <QrScanner onCode={scan.onScan} onClose={() => setScanning(false)} />
          {scan.lastScan ? (
            <Alert color="green" data-testid="last-scan">
              Último código leído: {scan.lastScan}
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
      <LateCancelModal seat={lateCancel} onClose={() => setLateCancel(null)} setCheckIn={setCheckIn} />
    </AttendanceFrame>
  );
}
