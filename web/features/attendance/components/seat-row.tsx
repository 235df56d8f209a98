import { Badge, Card, Group, Stack, Switch, Text } from "@mantine/core";
import type { Seat } from "../api";

export function paymentLabel(seat: Seat): { label: string; color: string } {
  if (seat.is_cash && !seat.is_paid) return { label: "Pago en efectivo pendiente", color: "orange" };
  if (seat.paid_with === "unlimited") return { label: "Membresía ilimitada", color: "grape" };
  if (seat.paid_with === "admin") return { label: "Cortesía", color: "gray" };
  return { label: seat.is_paid ? "Pagada" : "Sin pagar", color: seat.is_paid ? "green" : "red" };
}

/** One seat with a large check-in switch (thumb-sized on a phone at the door). */
export function SeatRow({
  seat,
  busy,
  onToggle,
}: {
  seat: Seat;
  busy: boolean;
  onToggle: (attend: boolean) => void;
}) {
  const payment = paymentLabel(seat);
  const who = seat.guest_of_id !== null ? `${seat.guest} (invitado de ${seat.name})` : seat.name;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="attendance-row">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {who}
          </Text>
          <Group gap={6}>
            {seat.spot ? (
              <Badge variant="outline" size="sm" tt="none">
                Lugar {seat.spot}
              </Badge>
            ) : null}
            <Badge color={payment.color} variant="light" size="sm" tt="none">
              {payment.label}
            </Badge>
          </Group>
        </Stack>
        <Switch
          size="lg"
          checked={seat.attend}
          disabled={busy || seat.cancelled}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          label={seat.attend ? "Asistió" : "Asistencia"}
          labelPosition="left"
          aria-label={`Asistencia de ${who}`}
        />
      </Group>
    </Card>
  );
}
