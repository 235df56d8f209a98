import { startTransition, useEffect, useLayoutEffect, useReducer } from "react";
import { addLocalDays, dayParts, mondayOfDay } from "../../../../domain/booking";
import { useSchedule } from "../api";
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
import { markWeekRendered, markWeekStart } from "./week-marks";

/**
 * The calendar's week or month (schedule-state.ts is its reducer, the one source of truth): the
 * classes of the range shown, live from the API, and the moves between weeks, months and views.
 */
export function useCalendarSchedule(today: string, location: number | null) {
  const [state, dispatch] = useReducer(scheduleReducer, today, initialScheduleState);
  const range = visibleRange(state);
  const schedule = useSchedule(range.start, range.end, location);

  // The query's answer becomes the state's days (the reducer stays the one source of truth).
  useEffect(() => {
    if (schedule.data && !schedule.isPlaceholderData) {
      markWeekStart();
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
  const rangeDays = schedule.data && !schedule.isPlaceholderData ? schedule.data.days : null;
  if (receivesWhileRendering(state, rangeDays)) dispatch({ type: "SCHEDULE_RECEIVED", days: rangeDays });
  if (shouldAutoAdvance(state, rangeDays, today, new Date())) {
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

  // After a view switch the query's placeholder still holds the other view's range: wait for ours.
  const waiting = state.days.length === 0 && schedule.isPlaceholderData;
  const days = state.days.length ? state.days : waiting ? [] : (schedule.data?.days ?? []);
  const loading = schedule.isLoading || waiting;

  return { state, dispatch, days, loading, year, month, navigateWeek, shiftMonth, setView, openWeek };
}
