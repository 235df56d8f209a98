import { Anchor, Group, Select, Stack, Tabs, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatDateTime, formatShortDayTime } from "../../../../domain/format";
import type { AdminColumn } from "../../../components/admin/admin-table";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import type { ClassPage, ClassRow, ReservationRow } from "../api";
import { CustomerLink, DateTimeCell, StatusBadge } from "../components/cells";
import { DateRangeFilter, type DayRange, FilterBar, rangeQuery } from "../components/filter-bar";
import { ListTable } from "../components/list-table";
import { listsCopy } from "../copy";

const c = listsCopy.reservations;
type ReservationState = keyof typeof c.states;

/** The class list opens on today and the next 7 days (the API's default too). */
const DEFAULT_DAYS = 7;

/**
 * /admin/reservaciones: the classes of a range of days with their bookings and check-ins (each
 * opens its attendance list), and a search of the reservations in that range by customer.
 */
export function ReservationsPage() {
  const zone = useAppConfig().timezone;
  const [range, setRange] = useState<DayRange>(() => {
    const today = localDay(new Date(), zone);
    return { from: today, to: addLocalDays(today, DEFAULT_DAYS) };
  });
  const [state, setState] = useState<ReservationState>("all");
  const [tab, setTab] = useState<string | null>("classes");
  const dates = rangeQuery(range);

  const classColumns: AdminColumn<ClassRow>[] = [
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

  const reservationColumns: AdminColumn<ReservationRow>[] = [
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

  return (
    <AdminPage title={c.title}>
      <FilterBar label={listsCopy.filters}>
        <DateRangeFilter value={range} onChange={setRange} />
        {tab === "reservations" ? (
          <Select
            label={c.state}
            data={Object.entries(c.states).map(([value, label]) => ({ value, label }))}
            value={state}
            onChange={(v) => setState((v as ReservationState | null) ?? "all")}
            allowDeselect={false}
            w={{ base: "100%", xs: 170 }}
          />
        ) : null}
      </FilterBar>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="classes">{c.classesTab}</Tabs.Tab>
          <Tabs.Tab value="reservations">{c.reservationsTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="classes">
          <ListTable<ClassRow, ClassPage>
            path="classes"
            filters={dates}
            columns={classColumns}
            rowKey={(r) => r.single_class_id}
            caption={c.classes}
            exportFilename="clases"
            initialSort={{ key: "date", desc: false }}
            searchPlaceholder={c.classSearch}
            minWidth={860}
          />
        </Tabs.Panel>
        <Tabs.Panel value="reservations">
          <ListTable<ReservationRow>
            path="reservations"
            filters={{ ...dates, state }}
            columns={reservationColumns}
            rowKey={(r) => r.class_reservation_id}
            caption={c.reservations}
            exportFilename="reservaciones"
            initialSort={{ key: "class_date", desc: false }}
            searchPlaceholder={c.customerSearch}
            minWidth={900}
          />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
