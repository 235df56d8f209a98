/**
 * The booking suites' fixtures now live in calendar/test-fixtures.ts (the calendar's tests and the
 * reminders' use them too, and those modules sit below reservations): re-exported for the suites
 * of other modules that import them from here.
 */
export * from "../calendar/test-fixtures";
