import { Card, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { Reservation } from "../api";
import { coachOf, guestTextOf, ReservationStatusBadge, ReservationWhen, spotOf } from "./reservation-parts";

/** How the list shows each reservation; the actions come from the page (they open its modals). */
export interface ReservationListProps {
  reservations: Reservation[];
  zone: string;
  showGuests: boolean;
  multiLocation: boolean;
  isPast: (r: Reservation) => boolean;
  actions: (r: Reservation) => ReactNode;
}

/** Wide screens: one row per reservation, the guest and location columns when they apply. */
export function ReservationTable({
  reservations,
  zone,
  showGuests,
  multiLocation,
  isPast,
  actions,
}: ReservationListProps) {
  return (
    <Paper withBorder radius="lg" style={{ overflowX: "auto" }}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="reservations-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Clase</Table.Th>
            {showGuests ? <Table.Th>Invitado</Table.Th> : null}
            <Table.Th>Coach</Table.Th>
            <Table.Th>Fecha y hora</Table.Th>
            {multiLocation ? <Table.Th>Ubicación</Table.Th> : null}
            <Table.Th>Lugar</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reservations.map((r) => (
            <Table.Tr
              key={r.class_reservation_id}
              data-testid="reservation-row"
              data-past={isPast(r) || undefined}
            >
              <Table.Td fw={600}>{r.single_class.class_type.name}</Table.Td>
              {showGuests ? <Table.Td>{guestTextOf(r) ?? "—"}</Table.Td> : null}
              <Table.Td>{coachOf(r)}</Table.Td>
              <Table.Td>
                <ReservationWhen r={r} zone={zone} past={isPast(r)} />
              </Table.Td>
              {multiLocation ? <Table.Td>{r.single_class.location?.name}</Table.Td> : null}
              <Table.Td>{spotOf(r)}</Table.Td>
              <Table.Td>
                <ReservationStatusBadge status={r.status} />
              </Table.Td>
              <Table.Td>{actions(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Phones, tablets and narrow laptops: one card per reservation, which cuts nothing. */
export function ReservationCards({ reservations, zone, showGuests, isPast, actions }: ReservationListProps) {
  return (
    <Stack gap="sm">
      {reservations.map((r) => (
        <Card
          key={r.class_reservation_id}
          withBorder
          radius="md"
          data-testid="reservation-row"
          data-past={isPast(r) || undefined}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{r.single_class.class_type.name}</Text>
              <ReservationStatusBadge status={r.status} />
            </Group>
            <Text size="sm">
              <ReservationWhen r={r} zone={zone} past={isPast(r)} />
            </Text>
            <Text size="sm" c="dimmed">
              {[coachOf(r), r.single_class.location?.name, r.spot ? `Lugar ${spotOf(r)}` : null]
                .filter(Boolean)
                .join(" · ")}
            </Text>
            {showGuests && r.guest ? <Text size="sm">Invitado: {guestTextOf(r)}</Text> : null}
            {actions(r)}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
