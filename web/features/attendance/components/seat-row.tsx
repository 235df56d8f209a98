import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { RosterFlag } from "../../../../domain/roster-flags";
import { RosterFlagBadges } from "../../../components/roster-flag-badges";
import type { CheckInStatus, Seat } from "../api";

export function paymentLabel(seat: Seat): { label: string; color: string } {
  if (seat.is_cash && !seat.is_paid) return { label: "Pago en efectivo pendiente", color: "orange" };
  if (seat.paid_with === "unlimited") return { label: "Membresía ilimitada", color: "grape" };
  if (seat.paid_with === "admin") return { label: "Cortesía", color: "gray" };
  return { label: seat.is_paid ? "Pagada" : "Sin pagar", color: seat.is_paid ? "green" : "red" };
}

/** The three states the desk sets, in the order they are offered, with their colour. */
export const STATES: { status: Exclude<CheckInStatus, "pending">; label: string; color: string }[] = [
  { status: "attended", label: "Asistió", color: "green" },
  { status: "no_show", label: "No asistió", color: "red" },
  { status: "late_cancel", label: "Cancelación tardía", color: "orange" },
];

export function seatName(seat: Seat) {
  return seat.guest_of_id !== null ? `${seat.guest} (invitado de ${seat.name})` : seat.name;
}

/**
 * One seat at the door: who, spot and payment, and the three states as thumb-sized buttons
 * (aria-pressed tells which one holds; text only, so "Cancelación tardía" fits three abreast on
 * a phone). A late cancellation is final, so its buttons go away.
 */
export function SeatRow({
  seat,
  busy,
  started,
  onSet,
  source,
}: {
  seat: Seat & { flags?: RosterFlag[] };
  /** Where the seat came from when not booked here (an aggregator's marks); replaces the payment. */
  source?: ReactNode;
  busy: boolean;
  /** A no-show can be marked once the class has started (the server refuses it before). */
  started: boolean;
  onSet: (status: CheckInStatus) => void;
}) {
  const payment = paymentLabel(seat);
  const who = seatName(seat);
  const final = seat.cancelled;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="attendance-row" data-status={seat.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }}>
              {who}
            </Text>
            <Group gap={6}>
              {seat.spot ? (
                <Badge variant="outline" color="dark" size="md" tt="none">
                  Lugar {seat.spot}
                </Badge>
              ) : null}
              {source ?? (
                <Badge color={payment.color} variant="light" size="md" tt="none">
                  {payment.label}
                </Badge>
              )}
            </Group>
            {/* The cash-order flag repeats what the payment badge says of this seat only when it is the seat itself. */}
            <RosterFlagBadges
              flags={(seat.flags ?? []).filter(
                (f) => !(f === "unpaid_cash" && seat.is_cash && !seat.is_paid),
              )}
            />
          </Stack>
          {seat.status === "pending" ? (
            <Badge color="gray" variant="light" size="lg" tt="none" c="dark.6" style={{ flexShrink: 0 }}>
              Sin marcar
            </Badge>
          ) : null}
        </Group>
        {final ? (
          <Text size="sm" fw={600}>
            {seat.status === "late_cancel"
              ? "Cancelación tardía: el lugar se liberó y el crédito no se devolvió."
              : "Reservación cancelada."}
          </Text>
        ) : (
          <SimpleGrid cols={3} spacing={6} role="group" aria-label={`Asistencia de ${who}`}>
            {STATES.map((s) => {
              const on = seat.status === s.status;
              return (
                <Button
                  key={s.status}
                  h={52}
                  px={6}
                  color={s.color}
                  variant={on ? "filled" : "default"}
                  aria-pressed={on}
                  disabled={busy || (s.status === "no_show" && !started && !on)}
                  onClick={() => onSet(on && s.status !== "late_cancel" ? "pending" : s.status)}
                  styles={{ label: { whiteSpace: "normal", lineHeight: 1.15, textAlign: "center" } }}
                  fz="sm"
                >
                  {s.label}
                </Button>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
