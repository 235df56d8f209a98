/**
 * Taps on a server-rendered page before React listens (decision 0012). The page is on screen while
 * its JavaScript still downloads; links work without it, but a button ("Reservar") did nothing
 * until its part of the page had hydrated, and a tap then was simply lost. The last button tapped
 * is kept and tapped again once React handles it.
 */
const REPLAY_WITHIN_MS = 5000;
/** How long after React starts listening taps on parts still waiting to hydrate are kept. */
const KEEP_AFTER_BOOT_MS = 10_000;

/** Whether React has hydrated the element (it keeps the element's props on the node). */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith("__reactProps$"));
}

export function keepEarlyTaps(root: HTMLElement): { replay(): void } {
  let tapped: HTMLButtonElement | null = null;
  let at = 0;
  let listening = false;
  const tapAgainWhenHydrated = () => {
    if (!tapped?.isConnected || performance.now() - at > REPLAY_WITHIN_MS) {
      tapped = null;
      return;
    }
    if (!isHydrated(tapped)) {
      setTimeout(tapAgainWhenHydrated, 50);
      return;
    }
    const button = tapped;
    tapped = null;
    button.click();
  };
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.("button");
    if (!button || !root.contains(button) || isHydrated(button)) return;
    // A button in a form would submit it the browser's way, without the app.
    event.preventDefault();
    event.stopPropagation();
    const waiting = tapped !== null;
    tapped = button;
    at = performance.now();
    if (listening && !waiting) tapAgainWhenHydrated();
  };
  document.addEventListener("click", onClick, true);
  return {
    /**
     * Call once React listens: the kept tap is made again as soon as its part has hydrated (the
     * part is on screen, so that is soon), unless 5 s have passed. For 10 s more, taps on parts
     * still waiting to hydrate are kept the same way.
     */
    replay() {
      listening = true;
      tapAgainWhenHydrated();
      setTimeout(() => document.removeEventListener("click", onClick, true), KEEP_AFTER_BOOT_MS);
    },
  };
}
