import { type ReactNode, startTransition, useEffect, useRef, useState } from "react";
import { HydrationUnit } from "../../../components/hydration-unit";

/** Cards a day column renders at first, and how many more each time its end nears the screen. */
const BATCH = 8;

/**
 * A day's class cards, rendered in batches. A large studio's week (735 classes on the bench data:
 * about 100 a day across ten studios) took seconds to render at once, while a screen shows a
 * handful. The next batch renders when the column's end comes within 800 px of the viewport, so
 * scrolling does not reach the seam (and when it is passed anyway, the rest follows); a day with up
 * to 8 classes renders exactly as before.
 */
export function DayCards<T>({ items, render }: { items: T[]; render: (item: T) => ReactNode }) {
  const [shown, setShown] = useState(BATCH);
  const end = useRef<HTMLDivElement>(null);
  const more = items.length > shown;
  // `shown` re-arms the observer: if the end is still near after a batch, the next one follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const sentinel = end.current;
    if (!more || !sentinel) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Near the screen, or already above it: someone scrolling fast can pass the seam while a
        // batch is still rendering, and the day must not look shorter than it is when they do.
        if (entries.some((entry) => entry.isIntersecting || entry.boundingClientRect.bottom < 0))
          startTransition(() => setShown((count) => count + BATCH));
      },
      { rootMargin: "800px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [more, shown]);
  return (
    <HydrationUnit>
      {items.slice(0, shown).map(render)}
      {more ? <div ref={end} aria-hidden="true" style={{ height: 1 }} /> : null}
    </HydrationUnit>
  );
}
