import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDateTime, formatShortDayTime } from "../../../../domain/format";
import type { AdminColumn } from "../../../components/admin/admin-table";
import type { ClassRow, ReservationRow } from "../api";
import { listsCopy } from "../copy";
import { CustomerLink, DateTimeCell, StatusBadge } from "./cells";

const c = listsCopy.reservations;

/** The classes tab: each class with its bookings and check-ins, and a link to its attendance. */
export function classColumns(zone: string): AdminColumn<ClassRow>[] {
  return [
    {
      key: "date",
      header: c.date,
      value: (r) => formatDateTime(r.class_date, zone),
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
            {formatShortDayTime(r.class_date, zone)}
          </Text>
          {r.cancelledAt ? <StatusBadge color="red">{c.cancelled}</StatusBadge> : null}
        </Stack>
      ),
    },
    {
      key: "type",
      header: c.type,
      value: (r) => r.class_type,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <span
            aria-hidden="true"
            style={{
              width: 10,
              height: 10,
              borderRadius: 5,
              flex: "none",
              background: r.color ?? "var(--mantine-color-gray-5)",
            }}
          />
          <Text size="sm">{r.class_type}</Text>
        </Group>
      ),
    },
    { key: "coach", header: c.coach, value: (r) => r.coaches },
    { key: "location", header: c.location, value: (r) => r.location },
    {
      key: "booked",
      header: c.booked,
      align: "right",
      value: (r) => (r.capacity === null ? String(r.booked) : `${r.booked}/${r.capacity}`),
    },
    { key: "checked_in", header: c.checkedIn, align: "right", value: (r) => r.checked_in },
    { key: "waiting", header: c.waiting, align: "right", sortable: false, value: (r) => r.waiting },
    {
      key: "open",
      header: "",
      csv: false,
      sortable: false,
      render: (r) => (
        <Anchor
          component={Link}
          to={`/admin/clases/${r.single_class_id}/asistencia`}
          size="sm"
          fw={600}
          aria-label={c.openClassOf(r.class_type, formatShortDayTime(r.class_date, zone))}
        >
          {c.openClass}
        </Anchor>
      ),
    },
  ];
}

/** The reservations tab: who booked which class, its state, and a link to the reservation. */
export function reservationColumns(zone: string): AdminColumn<ReservationRow>[] {
  return [
    {
      key: "class_date",
      header: c.date,
      value: (r) => formatDateTime(r.class_date, zone),
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {formatShortDayTime(r.class_date, zone)}
        </Text>
      ),
    },
    { key: "type", header: c.type, value: (r) => r.class_type },
    {
      key: "customer",
      header: c.customer,
      value: (r) => (r.guest ? `${r.guest} (${c.guest} de ${r.customer_name})` : r.customer_name),
      render: (r) => (
        <Stack gap={0}>
          <CustomerLink id={r.customer_id} name={r.customer_name} />
          {r.guest ? (
            <Text size="xs" c="dimmed">
              {c.guest}: {r.guest}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: "email", header: c.email, sortable: false, value: (r) => r.customer_email },
    { key: "spot", header: c.spot, sortable: false, value: (r) => r.spot },
    {
      key: "state",
      header: c.state,
      sortable: false,
      value: (r) => (r.cancelledAt ? c.stateCancelled : r.attend ? c.stateAttended : c.stateActive),
      render: (r) => (
        <StatusBadge color={r.cancelledAt ? "red" : r.attend ? "green" : "blue"}>
          {r.cancelledAt ? c.stateCancelled : r.attend ? c.stateAttended : c.stateActive}
        </StatusBadge>
      ),
    },
    {
      key: "created_at",
      header: c.bookedAt,
      value: (r) => formatDateTime(r.createdAt, zone),
      render: (r) => <DateTimeCell at={r.createdAt} zone={zone} />,
    },
    {
      key: "open",
      header: "",
      csv: false,
      sortable: false,
      render: (r) =>
        r.cancelledAt ? null : (
          <Anchor
            component={Link}
            to={`/admin/reservaciones/${r.class_reservation_id}`}
            size="sm"
            aria-label={c.openReservation(r.guest ?? r.customer_name)}
          >
            {c.open}
          </Anchor>
        ),
    },
  ];
}
