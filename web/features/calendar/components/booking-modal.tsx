import { Badge, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useMemo, useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { t } from "../../../../domain/messages";
import { spotGridFor } from "../../../../domain/spot-map";
import { useAppConfig } from "../../../lib/app-config";
import { useFieldErrors } from "../../../lib/field-errors";
import { type BookingInput, type ReservationChangeInput, type SingleClass, useSingleClass } from "../api";
import { BookingSpotPicker, type SpotPicking } from "./booking-spot-picker";
import { LateBookingWarning } from "./late-booking-warning";

export interface BookingModalProps {
  klass: SingleClass | null;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (input: BookingInput) => void;
  /** Saves a change of my existing reservation (the modal opened on a class I booked). */
  onChange: (input: ReservationChangeInput) => void;
}

/**
 * 'Reservar Clase': details, coaches, location, optional guest (+1) and the spot map. Mount it
 * with `key={single_class_id}` so each class starts with a clean form. Opened on a class I
 * booked, it is 'Cambiar Reservación': my spot, my guest's name and spot, saved with PUT.
 */
export function BookingModal({ klass, submitting, onClose, onSubmit, onChange }: BookingModalProps) {
  const config = useAppConfig();
  // Live seats and spots while the modal is open (someone else may take my spot).
  const live = useSingleClass(klass?.single_class_id ?? null).data?.single_class ?? klass;
  const existing = klass?.my_reservation ?? null;
  const [withGuest, setWithGuest] = useState(Boolean(existing?.guest));
  const [guest, setGuest] = useState(existing?.guest?.name ?? "");
  // The guest's name explains itself like every customer form (decision 0030).
  const fieldErrors = useFieldErrors<HTMLDivElement>();
  const [spot, setSpot] = useState<string | null>(existing?.spot ?? null);
  const [guestSpot, setGuestSpot] = useState<string | null>(existing?.guest?.spot ?? null);
  const [picking, setPicking] = useState<SpotPicking>("me");

  const grid = useMemo(
    () => (live && config.spotmap_enabled ? spotGridFor(live.class_type) : null),
    [live, config.spotmap_enabled],
  );
  if (!live) return null;
  // My own seats are mine to move between (swap with my guest), not taken.
  const own = new Set([existing?.spot, existing?.guest?.spot].filter(Boolean));
  const taken = live.taken_spots.filter((s) => !own.has(s));
  // A spot chosen here that someone else just took is dropped.
  const mySpot = spot && taken.includes(spot) ? null : spot;
  const myGuestSpot = guestSpot && taken.includes(guestSpot) ? null : guestSpot;

  const select = (key: string) => {
    if (picking === "guest" && withGuest) {
      setGuestSpot(key === myGuestSpot ? null : key);
      if (key === mySpot) setSpot(null);
    } else {
      setSpot(key === mySpot ? null : key);
      if (key === myGuestSpot) setGuestSpot(null);
      if (withGuest && key !== mySpot) setPicking("guest");
    }
  };

  const submit = () => {
    if (withGuest && guest.trim().length < 2) {
      fieldErrors.show({ guest: t("guestNameRequired") });
      return;
    }
    if (existing) {
      onChange({
        class_reservation_id: existing.class_reservation_id,
        spot: mySpot,
        ...(existing.guest ? { guest: guest.trim(), guest_spot: myGuestSpot } : {}),
      });
      return;
    }
    onSubmit({
      single_class_id: live.single_class_id,
      spot: mySpot,
      guest: withGuest ? guest.trim() : null,
      guest_spot: withGuest ? myGuestSpot : null,
    });
  };

  const coaches = live.class_instructors.map(
    ({ instructor }) =>
      instructor.nick_name || [instructor.name, instructor.last_name].filter(Boolean).join(" "),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={existing ? "Cambiar Reservación" : "Reservar Clase"}
      centered
      radius="lg"
      size="lg"
    >
      <Stack gap="sm" ref={fieldErrors.ref}>
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {live.class_type.name}
          </Text>
          <Text c="dimmed">
            {formatDateTime(live.class_date, config.timezone)} · {live.duration_minutes} min
          </Text>
          {live.location ? (
            <Text size="sm">
              {live.location.name}
              {live.location.address ? ` · ${live.location.address}` : ""}
            </Text>
          ) : null}
          {live.description ? <Text size="sm">{live.description}</Text> : null}
        </Stack>
        <Group gap={6} display={coaches.length ? undefined : "none"}>
          <Text size="sm" fw={600}>
            {coaches.length > 1 ? "Coaches:" : "Coach:"}
          </Text>
          {coaches.map((name) => (
            <Badge key={name} variant="light" tt="none">
              {name}
            </Badge>
          ))}
        </Group>
        {existing ? null : <LateBookingWarning classDate={live.class_date} config={config} />}
        {!existing && config.allow_class_guests && live.available >= 2 ? (
          <Checkbox
            label="Llevar un invitado (+1, usa un crédito más)"
            checked={withGuest}
            onChange={(e) => {
              setWithGuest(e.currentTarget.checked);
              setPicking("me");
              fieldErrors.clear("guest");
            }}
          />
        ) : null}
        {withGuest ? (
          <TextInput
            label="Nombre de tu invitado"
            value={guest}
            onChange={(e) => {
              setGuest(e.currentTarget.value);
              fieldErrors.clear("guest");
            }}
            error={fieldErrors.errors.guest}
            maxLength={80}
            data-autofocus
          />
        ) : null}
        {grid ? (
          <BookingSpotPicker
            grid={grid}
            taken={taken}
            withGuest={withGuest}
            picking={picking}
            onPicking={setPicking}
            mySpot={mySpot}
            guestSpot={myGuestSpot}
            onSelect={select}
          />
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={submitting}>
            {existing ? "Guardar cambios" : "Reservar"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
