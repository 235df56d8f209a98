import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import { keepEarlyTaps } from "./app/early-taps";

// Zod compiles object parsers with `new Function` unless told not to; under our CSP (no
// 'unsafe-eval') its probe for that is blocked and reported as a CSP violation on every screen
// with a form. Zod keeps its settings on globalThis, so this needs no import of zod here (which
// would put it in the entry bundle); it must run before any schema is built.
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHost.__zod_globalConfig = { ...zodHost.__zod_globalConfig, jitless: true };

/**
 * The entry only schedules the app. Evaluating React DOM, Mantine and the app's modules is
 * ~100 ms of work on a mid-range phone; one module graph is evaluated in one task, and a task that
 * long blocks taps (and counts as blocking time in Lighthouse). Importing them in stages, with a
 * yield between, makes it several short tasks. The server-rendered page is already on screen
 * meanwhile (decision 0012).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root not found");
  const serverRendered = document.getElementById("ssr-state") !== null;
  const earlyTaps = serverRendered ? keepEarlyTaps(container) : null;
  // Whole packages only where the app uses all of them: a dynamic import of a barrel such as
  // @mantine/core would bundle every component it exports.
  await import("react-dom/client");
  await yieldToBrowser();
  const { boot } = await import("./app/boot");
  await yieldToBrowser();
  await boot(container);
  earlyTaps?.replay();
}

void start();

// The service worker (web/public/sw.js) caches the shell for fast return visits. Only in
// production builds: in development it would serve stale modules.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}
