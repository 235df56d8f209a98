/**
 * Performance marks for the bench (bench/web-bundles.mjs): "calendar-week-start" when a week's
 * data is handed to the screen, "calendar-week-rendered" after React committed it and
 * "calendar-week-painted" a frame later (style, layout and paint included), with the measures
 * "calendar-week-render" and "calendar-week-paint" from the start. Microseconds, no output.
 */
const WEEK_START_MARK = "calendar-week-start";

/** A week's data is about to be handed to the screen. */
export function markWeekStart() {
  performance.mark(WEEK_START_MARK);
}

/** React committed the week: measure the render now and the paint a frame later. */
export function markWeekRendered() {
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
