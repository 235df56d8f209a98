import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { rememberZoneOffsets } from "../../domain/format";
import { isZoneOffsets } from "../../domain/zone-offsets";
import type { ServerState } from "../entry-server";
import { App, createQueryClient, preloadRouteCode } from "./app";
import { keepZoneOffsets, keptZoneOffsets } from "./kept-zone-offsets";

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in #root: hydrates the page the server rendered (decision 0012) or, for signed-in
 * visitors and private screens, renders it here. Resolves once React has been given #root (its
 * event listeners are on from then on).
 */
export function boot(container: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} Router={BrowserRouter} />
    </StrictMode>
  );

  // A server-rendered page carries its data in #ssr-state: the browser starts from the same data,
  // so its first render matches the HTML already on screen.
  const serverState = document.getElementById("ssr-state");
  if (serverState?.textContent) {
    const state = JSON.parse(serverState.textContent) as Partial<ServerState>;
    // Before anything renders a date: the page's dates then come from the table, not from Intl.
    if (isZoneOffsets(state.zoneOffsets)) {
      rememberZoneOffsets(state.zoneOffsets);
      keepZoneOffsets(state.zoneOffsets);
    }
    if (state.queries) hydrate(queryClient, state.queries);
    // The page's code first, then hydration. In a transition, React hydrates in slices (and each
    // HydrationUnit on its own) and keeps the phone responsive instead of one long task.
    // Reading the state, matching the route and starting the chunk downloads go in separate tasks
    // (a phone spends ~20, ~20 and ~15 ms on them): together they were one task long enough to
    // count as blocking time.
    return nextTask()
      .then(() => preloadRouteCode(window.location.pathname, nextTask))
      .then(() => {
        startTransition(() => {
          hydrateRoot(container, app);
        });
      });
  }
  // A page rendered in the browser (signed in, account screens) uses the table a public page left.
  const kept = keptZoneOffsets();
  if (kept) rememberZoneOffsets(kept);
  // The first page's code starts downloading now, alongside the config request, instead of after
  // the config arrives.
  void preloadRouteCode(window.location.pathname);
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
  return Promise.resolve();
}
