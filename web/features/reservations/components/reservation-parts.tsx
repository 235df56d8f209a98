import { ActionIcon, Badge, Button, Group, Rating, Tooltip } from "@mantine/core";
import { IconCalendarPlus, IconQrcode, IconStar, IconX } from "@tabler/icons-react";
import { RESERVATION_STATUS_LABEL, type ReservationStatus } from "../../../../domain/booking";
import { formatDateTime } from "../../../../domain/format";
import { spotGridFor, spotLabel } from "../../../../domain/spot-map";
import type { Reservation } from "../api";

const STATUS_COLOR: Record<ReservationStatus, string> = {
  cancelled: "gray",
  cash_unpaid: "yellow",
  no_show: "red",
  success: "green",
  upcoming: "blue",
};

/** A badge's label shown whole, never cut with an ellipsis by a narrow table column. */
const WHOLE_WORD = { root: { minWidth: "max-content" }, label: { overflow: "visible" } } as const;

/** The class's coaches, by nickname or full name. */
export const coachOf = (r: Reservation) =>
  r.single_class.class_instructors
    .map(
      ({ instructor }) =>
        instructor.nick_name || [instructor.name, instructor.last_name].filter(Boolean).join(" "),
    )
    .join(", ");

export const spotOf = (r: Reservation) => spotLabel(spotGridFor(r.single_class.class_type), r.spot) || "—";

/** The guest's name with their spot, when they have one ("Ana · Lugar 3"). */
export const guestTextOf = (r: Reservation) =>
  r.guest
    ? [
        r.guest,
        r.guest_spot ? `Lugar ${spotLabel(spotGridFor(r.single_class.class_type), r.guest_spot)}` : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : null;

/** The class's date and time, marked "Clase pasada" once it started. */
export function ReservationWhen({ r, zone, past }: { r: Reservation; zone: string; past: boolean }) {
  return (
    <>
      {formatDateTime(r.single_class.class_date, zone)}
      {past ? (
        <Badge
          ml={6}
          size="xs"
          color="gray"
          // Light, not outline: the outline's grey text on the past card's grey failed AA contrast.
          variant="light"
          tt="none"
          styles={WHOLE_WORD}
          data-testid="past-badge"
        >
          Clase pasada
        </Badge>
      ) : null}
    </>
  );
}

/**
 * A badge is never narrower than its word: Mantine's label hides what overflows, so in the table
 * a long row of actions squeezed "Cancelada" and "No Asisti" into "Cancel…" at 1280 px.
 */
export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none" styles={WHOLE_WORD}>
      {RESERVATION_STATUS_LABEL[status]}
    </Badge>
  );
}

/** What a reservation offers: its access code, the .ics, Cancelar, Calificar, or its stars. */
export function ReservationActions({
  r,
  qrEnabled,
  cancelOffered,
  onQr,
  onCancel,
  onRate,
}: {
  r: Reservation;
  qrEnabled: boolean;
  cancelOffered: boolean;
  onQr: () => void;
  onCancel: () => void;
  onRate: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {qrEnabled && r.status === "upcoming" ? (
        <Tooltip label="Codigo de Acceso">
          <ActionIcon variant="light" aria-label="Codigo de Acceso" onClick={onQr}>
            <IconQrcode size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {r.status === "upcoming" ? (
        <Tooltip label="Agregar a mi calendario">
          <ActionIcon
            variant="light"
            component="a"
            href={`/api/class_reservations/${r.class_reservation_id}/ics`}
            aria-label="Agregar a mi calendario"
          >
            <IconCalendarPlus size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {cancelOffered ? (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconX size={14} />}
          onClick={onCancel}
        >
          Cancelar
        </Button>
      ) : null}
      {r.can_rate ? (
        <Button size="compact-sm" variant="light" leftSection={<IconStar size={14} />} onClick={onRate}>
          Calificar
        </Button>
      ) : null}
      {r.class_stars ? (
        // A read-only rating is a picture of stars: named as one (a div may not carry aria-label).
        <Rating
          value={r.class_stars}
          readOnly
          size="xs"
          role="img"
          aria-label={`${r.class_stars} estrellas`}
        />
      ) : null}
    </Group>
  );
}
