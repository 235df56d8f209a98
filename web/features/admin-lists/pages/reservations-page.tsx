import { Select, Tabs } from "@mantine/core";
import { useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import type { ClassPage, ClassRow, ReservationRow } from "../api";
import { DateRangeFilter, type DayRange, FilterBar, rangeQuery } from "../components/filter-bar";
import { ListTable } from "../components/list-table";
import { classColumns, reservationColumns } from "../components/reservation-columns";
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
            columns={classColumns(zone)}
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
            columns={reservationColumns(zone)}
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
