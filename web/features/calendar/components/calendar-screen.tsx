import { Group, Loader, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { localDay } from "../../../../domain/booking";
import { DailyPromoPopup } from "../../../components/daily-promo-popup";
import { PageHeading } from "../../../components/page-placeholder";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { linkedClassOf } from "../../../lib/class-link";
import { useCurrentUser } from "../../../lib/session";
import { type SingleClass, useClassTypes, useLocations } from "../api";
import { openWeekOf } from "../schedule-state";
import { CalendarModals } from "./calendar-modals";
import { CalendarToolbar } from "./calendar-toolbar";
import { ClassTypesList } from "./class-types-list";
import { MonthGrid } from "./month-grid";
import { useBookingFlows } from "./use-booking-flows";
import { useCalendarSchedule } from "./use-calendar-schedule";
import { useClassCards } from "./use-class-cards";
import { WeekView } from "./week-view";

/**
 * The calendar of in-person classes, shared by /mystudio and /calendario: the header, the week or
 * the month (useCalendarSchedule), the class types, and the booking flows (useBookingFlows) with
 * their modals.
 */
export function CalendarScreen({ title, subtitle }: { title: string; subtitle?: string }) {
  const config = useAppConfig();
  const { pathname } = useLocation();
  const user = useCurrentUser().data ?? null;
  const zone = config.timezone;
  const today = localDay(new Date(), zone);
  const [location, setLocation] = useState<number | null>(null);
  const calendar = useCalendarSchedule(today, location);
  const { state, dispatch, days, loading } = calendar;
  const locations = useLocations().data?.locations ?? [];
  const classTypes = useClassTypes().data?.class_types ?? [];
  const [authFor, setAuthFor] = useState<SingleClass | null>(null);
  const [waitlistFor, setWaitlistFor] = useState<SingleClass | null>(null);
  // Folded past days stay shown once asked for, across weeks and views.
  const [showPastDays, setShowPastDays] = useState(false);
  const showBooking = (c: SingleClass | null) => dispatch({ type: "SET_SINGLE_CLASS", single_class: c });
  const flows = useBookingFlows(() => showBooking(null));

  const openBooking = (c: SingleClass) => {
    if (!user) {
      setAuthFor(c);
      return;
    }
    showBooking(c);
  };
  // A class's link (classLinkPath: the coach page's list): its week, then its booking, once.
  const [search, setSearch] = useSearchParams();
  const [linked] = useState(() => linkedClassOf(search));
  const [linkDone, setLinkDone] = useState(false);
  useEffect(() => {
    if (!linked) return;
    dispatch({ type: "SET_USER_CLICK", clicked: true });
    for (const action of openWeekOf(linked.day)) dispatch(action);
  }, [linked, dispatch]);
  useEffect(() => {
    if (!linked || linkDone) return;
    const found = state.days.flatMap((d) => d.single_classes).find((c) => c.single_class_id === linked.id);
    if (!found) return;
    setLinkDone(true);
    setSearch({}, { replace: true });
    openBooking(found);
  });

  const cards = useClassCards({
    config,
    signedIn: user !== null,
    onBook: openBooking,
    onCancel: flows.askCancel,
    onWaitlist: setWaitlistFor,
  });

  return (
    <Stack gap="lg" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }} maw={1400} mx="auto" w="100%">
      <PageHeading title={title} subtitle={subtitle} />
      {/* On /calendario the public layout already shows it. */}
      {pathname.startsWith("/mystudio") ? <DailyPromoPopup /> : null}
      <CalendarToolbar
        view={state.view}
        year={calendar.year}
        month={calendar.month}
        weekStart={state.start_date}
        weekNumber={state.selectedWeek}
        locations={locations}
        location={location}
        onShiftMonth={calendar.shiftMonth}
        onView={calendar.setView}
        onWeek={calendar.navigateWeek}
        onLocation={setLocation}
      />
      {loading ? (
        // Tall enough that the week arriving does not push the page below it around.
        <Group justify="center" py="xl" mih="60vh">
          <Loader />
        </Group>
      ) : state.view === "month" ? (
        <MonthGrid
          month={state.month}
          days={days}
          today={today}
          selectedDay={state.selectedDay}
          timeZone={zone}
          stateOf={cards.stateOf}
          actionOf={cards.actionOf}
          renderCard={cards.renderCard}
          onOpenWeek={calendar.openWeek}
          onSelectDay={(day) => dispatch({ type: "SELECT_DAY", day })}
        />
      ) : (
        <WeekView
          days={days}
          today={today}
          timeZone={zone}
          showPastDays={showPastDays}
          onShowPastDays={() => setShowPastDays(true)}
          renderCard={cards.renderCard}
        />
      )}
      {classTypes.length && !loading ? <ClassTypesList classTypes={classTypes} /> : null}
      <CalendarModals
        config={config}
        booking={state.single_class}
        onCloseBooking={() => showBooking(null)}
        onResumeBooking={showBooking}
        authFor={authFor}
        onCloseAuth={() => setAuthFor(null)}
        waitlistFor={waitlistFor}
        onCloseWaitlist={() => setWaitlistFor(null)}
        flows={flows}
        packagesPath={`/mystudio/${packagesPathSegment(config)}`}
      />
    </Stack>
  );
}
