import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useMemo, useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { t } from "../../../../domain/messages";
import { spotGridFor } from "../../../../domain/spot-map";
import { SpotMap } from "../../../components/spot-map";
import { useAppConfig } from "../../app-config/api";
import { type BookingInput, type SingleClass, useSingleClass } from "../api";

export interface BookingModalProps {
  klass: SingleClass | null;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (input: BookingInput) => void;
}

/**
 * 'Reservar Clase': details, coaches, location, optional guest (+1) and the spot map. Mount it
 * with `key={single_class_id}` so each class starts with a clean form.
 */
export function BookingModal({ klass, submitting, onClose, onSubmit }: BookingModalProps) {
  const config = useAppConfig();
  // Live seats and spots while the modal is open (someone else may take my spot).
  const live = useSingleClass(klass?.single_class_id ?? null).data?.single_class ?? klass;
  const [withGuest, setWithGuest] = useState(false);
  const [guest, setGuest] = useState("");
  const [guestError, setGuestError] = useState<string | null>(null);
  const [spot, setSpot] = useState<string | null>(null);
  const [guestSpot, setGuestSpot] = useState<string | null>(null);
  const [picking, setPicking] = useState<"me" | "guest">("me");

  const grid = useMemo(
    () => (live && config.spotmap_enabled ? spotGridFor(live.class_type) : null),
    [live, config.spotmap_enabled],
  );
  if (!live) return null;
  const taken = live.taken_spots;
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
      setGuestError(t("guestNameRequired"));
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
    <Modal opened onClose={onClose} title="Reservar Clase" centered radius="lg" size="lg">
      <Stack gap="sm">
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
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {coaches.length > 1 ? "Coaches:" : "Coach:"}
          </Text>
          {coaches.map((name) => (
            <Badge key={name} variant="light" tt="none">
              {name}
            </Badge>
          ))}
        </Group>
        {config.allow_class_guests && live.available >= 2 ? (
          <Checkbox
            label="Llevar un invitado (+1, usa un crédito más)"
            checked={withGuest}
            onChange={(e) => {
              setWithGuest(e.currentTarget.checked);
              setPicking("me");
            }}
          />
        ) : null}
        {withGuest ? (
          <TextInput
            label="Nombre de tu invitado"
            value={guest}
            onChange={(e) => {
              setGuest(e.currentTarget.value);
              setGuestError(null);
            }}
            error={guestError}
            maxLength={80}
            data-autofocus
          />
        ) : null}
        {grid ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Elige tu lugar
            </Text>
            {withGuest ? (
              <SegmentedControl
                size="xs"
                value={picking}
                onChange={(v) => setPicking(v as "me" | "guest")}
                data={[
                  { value: "me", label: `Tu lugar${mySpot ? `: ${labelOf(grid, mySpot)}` : ""}` },
                  {
                    value: "guest",
                    label: `Invitado${myGuestSpot ? `: ${labelOf(grid, myGuestSpot)}` : ""}`,
                  },
                ]}
              />
            ) : null}
            <SpotMap
              grid={grid}
              taken={taken}
              // The guest entry (and so the map's "Invitado" legend) only when bringing a guest.
              selected={
                withGuest
                  ? [
                      { key: mySpot, role: "me" },
                      { key: myGuestSpot, role: "guest" },
                    ]
                  : [{ key: mySpot, role: "me" }]
              }
              onSelect={select}
            />
          </Stack>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={submitting}>
            Reservar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function labelOf(grid: NonNullable<ReturnType<typeof spotGridFor>>, key: string) {
  return grid.rows.flat().find((c) => c.key === key)?.label ?? key;
}
