import { type ReactNode, Suspense, use, useEffect, useId, useRef } from "react";

/**
 * A part of a server-rendered page that the browser hydrates on its own (decision 0012).
 *
 * React hydrates each Suspense boundary as a separate unit of work with its own commit, so a long
 * page becomes many short tasks instead of one that freezes a phone. Parts below the fold wait
 * until they come within 400 px of the screen: their HTML is already there and readable (links
 * are plain links), and a phone does not spend its first seconds making invisible sections
 * interactive. A tap inside a waiting part is not lost: the part is on screen, so it hydrates at
 * once and React replays the tap.
 *
 * Only the first page of a visit waits like this; later pages render in the browser as usual.
 */

let waitingForVisibility = typeof document !== "undefined" && document.getElementById("ssr-state") !== null;

/** Called on the first client-side navigation: from then on, parts render at once. */
export function stopWaitingForVisibility(): void {
  waitingForVisibility = false;
}

const visible = new Map<string, Promise<void>>();
/** Units that must not wait any longer, and how to wake the ones already waiting. */
const released = new Set<string>();
const wake = new Map<string, () => void>();

/**
 * An update reached a part that is still waiting to be seen: it hydrates now. React can neither
 * apply an update to server HTML it has not hydrated nor show it while the part waits: a
 * transition (a refreshed schedule) would stay pending until the person scrolled every waiting
 * part into view, and an urgent update would throw the server HTML away.
 */
function release(id: string): void {
  released.add(id);
  wake.get(id)?.();
}

/**
 * The server-rendered markers by id, found in one pass: a query per unit walked the whole page
 * once for each of the page's dozens of units.
 */
let markers: Map<string, Element> | null = null;
function markerOf(id: string): Element | null {
  markers ??= new Map(
    [...document.querySelectorAll("[data-hydration-unit]")].map((marker) => [
      marker.getAttribute("data-hydration-unit") ?? "",
      marker,
    ]),
  );
  return markers.get(id) ?? null;
}

/** Resolves when the server-rendered part marked `id` is near the screen (or cannot be found). */
function whenVisible(id: string): Promise<void> | null {
  const known = visible.get(id);
  if (known) return known;
  const marker = markerOf(id);
  const target = marker?.firstElementChild;
  if (!target || typeof IntersectionObserver === "undefined") return null;
  const promise = new Promise<void>((resolve) => {
    const done = () => {
      observer.disconnect();
      wake.delete(id);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && done(),
      {
        rootMargin: "400px 0px",
      },
    );
    wake.set(id, done);
    observer.observe(target);
  });
  visible.set(id, promise);
  return promise;
}

function WaitUntilVisible({ id, children }: { id: string; children: ReactNode }) {
  if (waitingForVisibility && !released.has(id)) {
    const promise = whenVisible(id);
    if (promise) use(promise);
  }
  return children;
}

export function HydrationUnit({ children }: { children: ReactNode }) {
  const id = useId();
  // Rendered again after its first commit: the parent has new props or state for this part.
  const committed = useRef(false);
  useEffect(() => {
    committed.current = true;
  }, []);
  if (committed.current && waitingForVisibility) release(id);
  return (
    <Suspense fallback={null}>
      {/* display: contents keeps the wrapper out of the layout (grids and flex rows see the children). */}
      <div data-hydration-unit={id} style={{ display: "contents" }}>
        <WaitUntilVisible id={id}>{children}</WaitUntilVisible>
      </div>
    </Suspense>
  );
}
