import { addLocalDays, dayParts, daysBetween, mondayOfDay } from "../../../domain/booking";
import type { ScheduleDay, SingleClass } from "./api";

/**
 * The calendar's scheduling state (docs/product-rules.md#money-and-time): the week on screen, the
 * month shown in the header, the days received, the clicked class and whether auto-advance may
 * still move on. Every transition is an action below; unknown actions leave the state unchanged.
 */
export interface ScheduleState {
  days: ScheduleDay[];
  single_class: SingleClass | null;
  spinner: boolean;
  /** "YYYY-MM" of the month header. */
  month: string;
  /** ISO week number of the week on screen ("Semana N"). */
  selectedWeek: number;
  start_date: string;
  end_date: string;
  /** Auto-advance allowed (stops once the week is 8+ weeks out). */
  canAdvance: boolean;
  /** The person navigated themselves: auto-advance no longer moves the calendar. */
  clicked: boolean;
  /** 'Semana' shows start_date..end_date; 'Mes' shows the whole `month` grid. */
  view: CalendarView;
  /** The day whose classes the phone month view lists under its dot grid. */
  selectedDay: string;
}

export type CalendarView = "week" | "month";

export type ScheduleAction =
  | { type: "SCHEDULE_RECEIVED"; days: ScheduleDay[] }
  | { type: "SET_SINGLE_CLASS"; single_class: SingleClass | null }
  | { type: "SHOW_SPINNER" }
  | { type: "HIDE_SPINNER" }
  | { type: "SET_MONTH"; month: string }
  | { type: "SET_WEEK"; week: number }
  | { type: "SET_START_DATE"; start_date: string }
  | { type: "SET_END_DATE"; end_date: string }
  | { type: "SET_CAN_ADVANCE"; canAdvance: boolean }
  | { type: "SET_USER_CLICK"; clicked: boolean }
  | { type: "SET_VIEW"; view: CalendarView }
  | { type: "SELECT_DAY"; day: string };

export const AUTO_ADVANCE_MAX_WEEKS = 8;

/** ISO-8601 week number of a "YYYY-MM-DD" day. */
export function isoWeek(day: string): number {
  const [y, m, d] = dayParts(day);
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday decides the year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

export function initialScheduleState(today: string): ScheduleState {
  const start = mondayOfDay(today);
  return {
    days: [],
    single_class: null,
    spinner: true,
    month: today.slice(0, 7),
    selectedWeek: isoWeek(start),
    start_date: start,
    end_date: addLocalDays(start, 6),
    canAdvance: true,
    clicked: false,
    view: "week",
    selectedDay: today,
  };
}

export function scheduleReducer(state: ScheduleState, action: ScheduleAction): ScheduleState {
  switch (action.type) {
    case "SCHEDULE_RECEIVED":
      // The same answer again (the effect that follows a render which already took it): the same
      // state, so React skips the re-render.
      if (action.days === state.days && !state.spinner) return state;
      // Days of a range no longer on screen (their render was still pending when the person moved
      // on) would show last week under this week's header: keep waiting for ours.
      return isOfRange(action.days, visibleRange(state))
        ? { ...state, days: action.days, spinner: false }
        : state;
    case "SET_SINGLE_CLASS":
      return { ...state, single_class: action.single_class };
    case "SHOW_SPINNER":
      return { ...state, spinner: true };
    case "HIDE_SPINNER":
      return { ...state, spinner: false };
    case "SET_MONTH":
      return { ...state, month: action.month };
    case "SET_WEEK":
      return { ...state, selectedWeek: action.week };
    case "SET_START_DATE":
      return { ...state, start_date: action.start_date };
    case "SET_END_DATE":
      return { ...state, end_date: action.end_date };
    case "SET_CAN_ADVANCE":
      return { ...state, canAdvance: action.canAdvance };
    case "SET_USER_CLICK":
      return { ...state, clicked: action.clicked };
    case "SET_VIEW":
      // The days held belong to the other view's range: drop them until the new range arrives.
      return action.view === state.view ? state : { ...state, view: action.view, days: [], spinner: true };
    case "SELECT_DAY":
      return { ...state, selectedDay: action.day };
    default:
      return state;
  }
}

/** The actions that put a week on screen (its Monday), keeping header, number and range in step. */
export function goToWeek(monday: string): ScheduleAction[] {
  return [
    { type: "SET_START_DATE", start_date: monday },
    { type: "SET_END_DATE", end_date: addLocalDays(monday, 6) },
    { type: "SET_WEEK", week: isoWeek(monday) },
    { type: "SET_MONTH", month: addLocalDays(monday, 3).slice(0, 7) },
    { type: "SHOW_SPINNER" },
  ];
}

/** The week that contains the 1st of a "YYYY-MM" month (month navigation lands there). */
export function weekOfMonth(month: string): string {
  return mondayOfDay(`${month}-01`);
}

/**
 * Auto-advance: while the person has not navigated, a week without future classes moves on to
 * the next one, up to 8 weeks from today. `days` is the schedule of the week on screen, null while
 * it has not arrived.
 */
export function shouldAutoAdvance(
  state: ScheduleState,
  days: ScheduleDay[] | null,
  today: string,
  now: Date,
): boolean {
  if (days === null || state.view !== "week" || state.clicked || !state.canAdvance) return false;
  if (daysBetween(today, state.start_date) >= AUTO_ADVANCE_MAX_WEEKS * 7) return false;
  const future = days.some((d) => d.single_classes.some((c) => new Date(c.class_date) > now));
  return !future;
}

/**
 * Whether the calendar takes the schedule's answer while rendering rather than in an effect after
 * it: on the way in (the first week, and the weeks auto-advance moves through) before the person
 * has navigated. The server renders no effects, so this is how a server-rendered page shows the
 * week's days and the week auto-advance picks; in the browser, the first render then matches that
 * HTML and nothing renders twice. Weeks the person asks for go through the effect, in a
 * transition (a tap never waits on a week of cards).
 */
export function receivesWhileRendering(
  state: ScheduleState,
  days: ScheduleDay[] | null,
): days is ScheduleDay[] {
  return days !== null && state.spinner && !state.clicked && isOfRange(days, visibleRange(state));
}

/**
 * The days the month view shows for a "YYYY-MM" month: Monday of the week holding the 1st to
 * Sunday of the week holding the last day (at most 42 days, inside the API's 62-day limit).
 */
export function monthGridRange(month: string): { start: string; end: string } {
  const [y, m] = dayParts(month);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: mondayOfDay(`${month}-01`), end: addLocalDays(mondayOfDay(`${month}-${last}`), 6) };
}

/** Whether a schedule answer covers `range` (the API sends every day of a range, empty or not). */
function isOfRange(days: ScheduleDay[], range: { start: string; end: string }): boolean {
  return days.length === 0 || (days[0]?.date === range.start && days.at(-1)?.date === range.end);
}

/** The range the schedule query asks for: the week on screen or the whole month grid. */
export function visibleRange(state: ScheduleState): { start: string; end: string } {
  return state.view === "month"
    ? monthGridRange(state.month)
    : { start: state.start_date, end: state.end_date };
}

/**
 * Month navigation in the month view: the header moves to `month`, the selected day to today
 * when it is the current month (else the 1st), and the week follows so 'Semana' lands there.
 */
export function goToMonth(month: string, today: string): ScheduleAction[] {
  const day = today.slice(0, 7) === month ? today : `${month}-01`;
  return [...goToWeek(mondayOfDay(day)), { type: "SET_MONTH", month }, { type: "SELECT_DAY", day }];
}

/** A day clicked in the month view: back to 'Semana' on the week that contains it. */
export function openWeekOf(day: string): ScheduleAction[] {
  return [{ type: "SELECT_DAY", day }, { type: "SET_VIEW", view: "week" }, ...goToWeek(mondayOfDay(day))];
}
