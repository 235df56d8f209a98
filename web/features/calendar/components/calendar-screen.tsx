import {
  ActionIcon,
  Box,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChevronLeft, IconChevronRight, IconChevronUp } from "@tabler/icons-react";
import {
  lazy,
  Suspense,
  startTransition,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import {
  addLocalDays,
  cancelOption,
  changeDecision,
  classCardState,
  dayParts,
  localDay,
  mondayOfDay,
} from "../../../../domain/booking";
import { monthName, weekdayName } from "../../../../domain/format";
import { publicText } from "../../../../domain/messages-public";
import { spotGridFor } from "../../../../domain/spot-map";
import { ClassCard } from "../../../components/class-card";
import { DailyPromoPopup } from "../../../components/daily-promo-popup";
import { PageHeading } from "../../../components/page-placeholder";
import { isApiError } from "../../../lib/api-client";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { linkedClassOf } from "../../../lib/class-link";
import { copy } from "../../../lib/copy";
import { useCurrentUser } from "../../../lib/session";
import {
  type BookingInput,
  fetchActivePenalty,
  type ReservationChangeInput,
  type SingleClass,
  useBookClass,
  useCancelBooking,
  useChangeBooking,
  useClassTypes,
  useLocations,
  useSchedule,
} from "../api";
import {
  type CalendarView,
  goToMonth,
  goToWeek,
  initialScheduleState,
  openWeekOf,
  receivesWhileRendering,
  scheduleReducer,
  shouldAutoAdvance,
  visibleRange,
  weekOfMonth,
} from "../schedule-state";
import classes from "./calendar-screen.module.css";
import { DayCards } from "./day-cards";
import { LocationPicker } from "./location-picker";
import { MonthGrid, primaryAction } from "./month-grid";

// The sign-in/sign-up forms are only needed when a visitor taps Reservar: fetched then, so the
// public schedule does not download them. The same for every other modal: a visitor who only
// looks at the week never downloads Mantine's Modal, the spot map or the booking form.
const AuthModal = lazy(() => import("../../auth/public").then((module) => ({ default: module.AuthModal })));
const BookingModal = lazy(() => import("./booking-modal").then((m) => ({ default: m.BookingModal })));
const NoCreditsModal = lazy(() => import("./booking-alerts").then((m) => ({ default: m.NoCreditsModal })));
const PenaltyModal = lazy(() => import("./booking-alerts").then((m) => ({ default: m.PenaltyModal })));
const WaitlistModal = lazy(() =>
  import("../../../components/waitlist-modal").then((m) => ({ default: m.WaitlistModal })),
);
const CancelClassModal = lazy(() =>
  import("../../../components/cancel-class-modal").then((m) => ({ default: m.CancelClassModal })),
);

/** True from the first time `when` is true: a lazy modal mounts when first needed, then stays
 * mounted so it can animate closed. */
function useNeededOnce(when: boolean): boolean {
  const [needed, setNeeded] = useState(when);
  if (when && !needed) setNeeded(true);
  return needed || when;
}

/**
 * Performance marks for the bench (bench/web-bundles.mjs): "calendar-week-start" when a week's
 * data is handed to the screen, "calendar-week-rendered" after React committed it and
 * "calendar-week-painted" a frame later (style, layout and paint included), with the measures
 * "calendar-week-render" and "calendar-week-paint" from the start. Microseconds, no output.
 */
const WEEK_START_MARK = "calendar-week-start";
function markWeekRendered() {
  const start = performance.getEntriesByName(WEEK_START_MARK, "mark").at(-1)?.startTime;
  if (start === undefined) return;
  performance.clearMarks(WEEK_START_MARK);
  performance.measure("calendar-week-render", {
    start,
    end: performance.mark("calendar-week-rendered").startTime,
  });
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.measure("calendar-week-paint", {
        start,
        end: performance.mark("calendar-week-painted").startTime,
      });
    }),
  );
}

const VIEWS: { value: CalendarView; label: string }[] = [
  { value: "week", label: "Semana" },
  { value: "month", label: "Mes" },
];

/** The calendar of in-person classes, shared by /mystudio and /calendario. */
export function CalendarScreen({ title, subtitle }: { title: string; subtitle?: string }) {
  const config = useAppConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useCurrentUser().data ?? null;
  const zone = config.timezone;
  const today = localDay(new Date(), zone);
  const [state, dispatch] = useReducer(scheduleReducer, today, initialScheduleState);
  const [location, setLocation] = useState<number | null>(null);
  const range = visibleRange(state);
  const schedule = useSchedule(range.start, range.end, location);
  const locations = useLocations().data?.locations ?? [];
  const classTypes = useClassTypes().data?.class_types ?? [];
  const book = useBookClass();
  const cancel = useCancelBooking();
  const change = useChangeBooking();
  const [authFor, setAuthFor] = useState<SingleClass | null>(null);
  const [noCredits, setNoCredits] = useState(false);
  const [penalty, setPenalty] = useState<{ no_shows: number; end_date: string } | null>(null);
  const [cancelling, setCancelling] = useState<SingleClass | null>(null);
  const [waitlistFor, setWaitlistFor] = useState<SingleClass | null>(null);
  const packagesPath = `/mystudio/${packagesPathSegment(config)}`;
  const bookingNeeded = useNeededOnce(state.single_class !== null);
  const noCreditsNeeded = useNeededOnce(noCredits);
  const penaltyNeeded = useNeededOnce(penalty !== null);
  const waitlistNeeded = useNeededOnce(waitlistFor !== null);

  // The query's answer becomes the state's days (the reducer stays the one source of truth).
  useEffect(() => {
    if (schedule.data && !schedule.isPlaceholderData) {
      performance.mark(WEEK_START_MARK);
      const days = schedule.data.days;
      // In a transition: re-rendering a week of cards is interruptible work, sliced so a tap (or
      // the hydration of a server-rendered week, which shows the same days) never waits on it.
      startTransition(() => dispatch({ type: "SCHEDULE_RECEIVED", days }));
    }
  }, [schedule.data, schedule.isPlaceholderData]);
  useLayoutEffect(() => {
    if (state.days.length) markWeekRendered();
  }, [state.days]);

  // Auto-advance past weeks with no future classes, up to 8 weeks out. Decided while rendering,
  // not in an effect after it, as the first answers are taken (receivesWhileRendering): the
  // server then renders the week the browser will show, so on a Sunday evening the page arrives
  // on next week instead of switching weeks a moment after it appears. React re-renders at once.
  const now = new Date();
  const rangeDays = schedule.data && !schedule.isPlaceholderData ? schedule.data.days : null;
  if (receivesWhileRendering(state, rangeDays)) dispatch({ type: "SCHEDULE_RECEIVED", days: rangeDays });
  if (shouldAutoAdvance(state, rangeDays, today, now)) {
    const next = addLocalDays(state.start_date, 7);
    if (addLocalDays(today, 8 * 7) <= next) dispatch({ type: "SET_CAN_ADVANCE", canAdvance: false });
    for (const action of goToWeek(next)) dispatch(action);
  }

  const navigateWeek = (monday: string) => {
    dispatch({ type: "SET_USER_CLICK", clicked: true });
    for (const action of goToWeek(monday)) dispatch(action);
  };
  const [year, month] = dayParts(state.month);
  const shiftMonth = (delta: number) => {
    const d = new Date(Date.UTC(year, month - 1 + delta, 1));
    const target = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    if (state.view === "month") {
      dispatch({ type: "SET_USER_CLICK", clicked: true });
      for (const action of goToMonth(target, today)) dispatch(action);
      return;
    }
    navigateWeek(target === today.slice(0, 7) ? mondayOfDay(today) : weekOfMonth(target));
  };

  const setView = (view: CalendarView) => {
    dispatch({ type: "SET_USER_CLICK", clicked: true });
    // Entering 'Mes' keeps the month in the header; its selected day is today if it is this month.
    if (view === "month") for (const action of goToMonth(state.month, today)) dispatch(action);
    dispatch({ type: "SET_VIEW", view });
  };
  const openWeek = (day: string) => {
    for (const action of openWeekOf(day)) dispatch(action);
  };

  const openBooking = (c: SingleClass) => {
    if (!user) {
      setAuthFor(c);
      return;
    }
    dispatch({ type: "SET_SINGLE_CLASS", single_class: c });
  };
  // A class's link (classLinkPath: the coach page's list): its week, then its booking, once.
  const [search, setSearch] = useSearchParams();
  const [linked] = useState(() => linkedClassOf(search));
  const [linkDone, setLinkDone] = useState(false);
  useEffect(() => {
    if (!linked) return;
    dispatch({ type: "SET_USER_CLICK", clicked: true });
    for (const action of openWeekOf(linked.day)) dispatch(action);
  }, [linked]);
  useEffect(() => {
    if (!linked || linkDone) return;
    const found = state.days.flatMap((d) => d.single_classes).find((c) => c.single_class_id === linked.id);
    if (!found) return;
    setLinkDone(true);
    setSearch({}, { replace: true });
    openBooking(found);
  });
  // A visitor who signs in from the modal lands back in the booking 1 s later (AuthModal waits).
  const resumeAfterSignIn = useRef<SingleClass | null>(null);

  const submitBooking = (input: BookingInput) => {
    book.mutate(input, {
      onSuccess: (res) => {
        notifications.show({ color: "green", message: res.message, autoClose: 3000 });
        dispatch({ type: "SET_SINGLE_CLASS", single_class: null });
      },
      onError: (error) => {
        if (isApiError(error) && error.code === "NO_CREDITS") {
          dispatch({ type: "SET_SINGLE_CLASS", single_class: null });
          setNoCredits(true);
        } else if (isApiError(error) && error.code === "PENALTY_ACTIVE") {
          dispatch({ type: "SET_SINGLE_CLASS", single_class: null });
          // The API client keeps only message and code: read the penalty's details from its list.
          fetchActivePenalty().then(setPenalty, () =>
            setPenalty({ no_shows: 0, end_date: new Date().toISOString() }),
          );
        } else {
          notifications.show({ color: "red", message: error.message, autoClose: 5000 });
        }
      },
    });
  };

  const submitChange = (input: ReservationChangeInput) => {
    change.mutate(input, {
      onSuccess: (res) => {
        notifications.show({ color: "green", message: res.message, autoClose: 3000 });
        dispatch({ type: "SET_SINGLE_CLASS", single_class: null });
      },
      onError: (error) => notifications.show({ color: "red", message: error.message, autoClose: 5000 }),
    });
  };

  const confirmCancel = () => {
    const id = cancelling?.my_reservation?.class_reservation_id;
    if (!id) return;
    cancel.mutate(id, {
      onSuccess: (res) => {
        notifications.show({ color: "green", message: res.message, autoClose: 3000 });
        setCancelling(null);
      },
      onError: (error) => notifications.show({ color: "red", message: error.message, autoClose: 5000 }),
    });
  };

  const window = { hours: config.reservation_timeframe_hours, minutes: config.reservation_timeframe_minutes };
  // After a view switch the query's placeholder still holds the other view's range: wait for ours.
  const waiting = state.days.length === 0 && schedule.isPlaceholderData;
  const days = state.days.length ? state.days : waiting ? [] : (schedule.data?.days ?? []);
  const loading = schedule.isLoading || waiting;
  const weekEmpty = days.every((d) => d.single_classes.length === 0);
  // Phones and tablets list the days one under another: the days of this week already gone are
  // folded away (a button brings them back) so the page opens on today, not on Monday's classes.
  const pastDays = days.some((d) => d.date === today) ? days.filter((d) => d.date < today).length : 0;
  const [showPastDays, setShowPastDays] = useState(false);
  // One state and one set of handlers per class, shared by the week's cards and the month grid.
  const stateOf = (c: SingleClass) => classCardState(c, c.my_reservation !== null, now, window);
  // The rule Mis Reservaciones uses too (domain cancelOption): both screens always agree.
  const cancelOfferedOn = (c: SingleClass) =>
    c.my_reservation !== null && cancelOption({ deletedAt: null }, c.class_date, now, config, zone).offered;
  // 'Cambiar lugar' while a change is allowed and there is something to change (a spot or a guest).
  const changeLabelOf = (c: SingleClass) => {
    if (!c.my_reservation) return null;
    if (!changeDecision(new Date(c.class_date), now, config, zone).allowed) return null;
    if (config.spotmap_enabled && spotGridFor(c.class_type)) return "Cambiar lugar";
    return c.my_reservation.guest ? "Editar invitado" : null;
  };
  const handlersOf = (c: SingleClass) => ({
    onReserve: () => openBooking(c),
    onCancel: () => setCancelling(c),
    onChange: () => openBooking(c),
    onBuy: () => navigate(`/checkout/${c.class_package_id}`),
    onWaitlist: () => (user ? setWaitlistFor(c) : navigate("/entrar")),
  });
  const renderCard = (c: SingleClass) => (
    <ClassCard
      key={c.single_class_id}
      data={c}
      state={stateOf(c)}
      cancelOffered={cancelOfferedOn(c)}
      changeLabel={changeLabelOf(c)}
      timeZone={zone}
      waitlistEnabled={config.waitlist_enabled}
      {...handlersOf(c)}
    />
  );
  // A click on my class in the month grid does what its card offers: cancel when offered.
  const actionOf = (c: SingleClass) => {
    const state = stateOf(c);
    if (state === "reserved") return cancelOfferedOn(c) ? handlersOf(c).onCancel : null;
    return primaryAction(state, handlersOf(c), config.waitlist_enabled);
  };

  return (
    <Stack gap="lg" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }} maw={1400} mx="auto" w="100%">
      <PageHeading title={title} subtitle={subtitle} />
      {/* On /calendario the public layout already shows it. */}
      {pathname.startsWith("/mystudio") ? <DailyPromoPopup /> : null}
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm" wrap="wrap">
              <Group gap={4}>
                <ActionIcon variant="subtle" aria-label="Mes anterior" onClick={() => shiftMonth(-1)}>
                  <IconChevronLeft size={18} />
                </ActionIcon>
                <Title order={2} fz={{ base: 20, sm: 24 }} tt="capitalize" miw={170} ta="center">
                  {monthName(month)} {year}
                </Title>
                <ActionIcon variant="subtle" aria-label="Mes siguiente" onClick={() => shiftMonth(1)}>
                  <IconChevronRight size={18} />
                </ActionIcon>
              </Group>
              {/* Two toggle buttons rather than SegmentedControl: Button is already in the shell's
                  code, SegmentedControl was 2.6 KB gzip more for the public calendar. */}
              <Button.Group aria-label="Vista">
                {VIEWS.map((view) => (
                  <Button
                    key={view.value}
                    size="xs"
                    variant={state.view === view.value ? "filled" : "default"}
                    aria-pressed={state.view === view.value}
                    onClick={() => setView(view.value)}
                  >
                    {view.label}
                  </Button>
                ))}
              </Button.Group>
            </Group>
            <Group gap={4} display={state.view === "week" ? undefined : "none"}>
              <ActionIcon
                variant="light"
                aria-label="Semana anterior"
                onClick={() => navigateWeek(addLocalDays(state.start_date, -7))}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Text fw={600} miw={90} ta="center" data-testid="week-label" data-start={state.start_date}>
                Semana {state.selectedWeek}
              </Text>
              <ActionIcon
                variant="light"
                aria-label="Semana siguiente"
                onClick={() => navigateWeek(addLocalDays(state.start_date, 7))}
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
          </Group>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="md">
              <LegendDot color="var(--mantine-color-green-6)" label="Disponible" />
              <LegendDot color="var(--mantine-primary-color-filled)" label="Reservada" />
              <LegendDot color="var(--mantine-color-red-6)" label="Sin Lugares" />
            </Group>
            {locations.length > 1 ? (
              <LocationPicker locations={locations} value={location} onChange={setLocation} />
            ) : null}
          </Group>
        </Stack>
      </Paper>

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
          stateOf={stateOf}
          actionOf={actionOf}
          renderCard={renderCard}
          onOpenWeek={openWeek}
          onSelectDay={(day) => dispatch({ type: "SELECT_DAY", day })}
        />
      ) : (
        <>
          {weekEmpty ? (
            <Text ta="center" c="dimmed" py="md">
              {publicText("noClassesWeek")}
            </Text>
          ) : null}
          {pastDays > 0 && !showPastDays ? (
            <Button
              variant="subtle"
              size="compact-sm"
              hiddenFrom="lg"
              leftSection={<IconChevronUp size={16} aria-hidden />}
              onClick={() => setShowPastDays(true)}
            >
              {copy.calendar.showPastDays(pastDays)}
            </Button>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="sm" data-testid="week-grid">
            {days.map((day) => (
              <Stack
                key={day.date}
                gap="xs"
                data-testid="day-column"
                data-date={day.date}
                className={classes.dayColumn}
                data-past={pastDays > 0 && day.date < today && !showPastDays ? "" : undefined}
              >
                <Box
                  p={6}
                  style={{
                    borderRadius: 8,
                    background:
                      day.date === today
                        ? "var(--mantine-primary-color-light)"
                        : "var(--mantine-color-gray-0)",
                  }}
                >
                  <Text fw={700} size="sm" ta="center">
                    {weekdayName(day.date, zone)} {Number(day.date.slice(8))}
                  </Text>
                </Box>
                {day.single_classes.length === 0 ? (
                  <Text size="xs" c="dimmed" ta="center" hiddenFrom="lg">
                    {publicText("noClassesDay")}
                  </Text>
                ) : null}
                <DayCards items={day.single_classes} render={renderCard} />
              </Stack>
            ))}
          </SimpleGrid>
        </>
      )}

      {classTypes.length && !loading ? (
        <Stack gap="sm" mt="md">
          <Title order={2} fz={22}>
            Nuestras clases
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {classTypes.map((type) => (
              <Card
                key={type.class_type_id}
                withBorder
                radius="md"
                style={{ borderTop: `4px solid ${type.color ?? "var(--mantine-primary-color-filled)"}` }}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {type.icon ? <Image src={type.icon} alt="" w={36} h={36} fit="contain" /> : null}
                  <Stack gap={2}>
                    <Text fw={700}>{type.name}</Text>
                    {type.description ? (
                      <Text size="sm" c="dimmed">
                        {type.description}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}

      {bookingNeeded ? (
        <Suspense fallback={null}>
          <BookingModal
            key={state.single_class?.single_class_id ?? 0}
            klass={state.single_class}
            submitting={book.isPending || change.isPending}
            onClose={() => dispatch({ type: "SET_SINGLE_CLASS", single_class: null })}
            onSubmit={submitBooking}
            onChange={submitChange}
          />
        </Suspense>
      ) : null}
      {authFor !== null || resumeAfterSignIn.current ? (
        <Suspense fallback={null}>
          <AuthModal
            opened={authFor !== null}
            onClose={() => {
              resumeAfterSignIn.current = authFor;
              setAuthFor(null);
            }}
            onSignedIn={() => {
              const c = resumeAfterSignIn.current;
              resumeAfterSignIn.current = null;
              if (c) dispatch({ type: "SET_SINGLE_CLASS", single_class: c });
            }}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {noCreditsNeeded ? (
          <NoCreditsModal
            opened={noCredits}
            packagesPath={packagesPath}
            onClose={() => setNoCredits(false)}
          />
        ) : null}
        {penaltyNeeded ? (
          <PenaltyModal penalty={penalty} timeZone={zone} onClose={() => setPenalty(null)} />
        ) : null}
        {waitlistNeeded ? (
          <WaitlistModal klass={waitlistFor} timeZone={zone} onClose={() => setWaitlistFor(null)} />
        ) : null}
      </Suspense>
      {cancelling ? (
        <Suspense fallback={null}>
          <CancelClassModal
            opened
            className={cancelling.class_type.name}
            classDate={cancelling.class_date}
            policy={config}
            timeZone={zone}
            loading={cancel.isPending}
            onClose={() => setCancelling(null)}
            onConfirm={confirmCancel}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function LegendDot({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6}>
      <Box w={10} h={10} style={{ borderRadius: 10, background: color }} />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
