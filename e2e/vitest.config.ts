import { defineConfig } from "vitest/config";
import HeaviestFirst from "./heaviest-first";
import { e2eWorkers } from "./workers";

// Browser journeys, driven by Debian's Chromium through playwright-core. global-setup starts one
// real server (built SPA + API + demo studio on a fresh PGlite) per worker; each file runs against
// its worker's server (worker-server.ts), files of one worker one after another
// (docs/decisions/0029).
const workers = e2eWorkers();
export default defineConfig({
  test: {
    include: ["e2e/**/*.test.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    setupFiles: ["e2e/worker-server.ts"],
    pool: "forks",
    // The longest walks start first, so neither worker ends the run alone (heaviest-first.ts).
    sequence: { sequencer: HeaviestFirst },
    maxWorkers: workers,
    minWorkers: workers,
    // The journeys share two cores with the API suites (docs/decisions/0029): a test that takes
    // 40 s alone can take twice that in CI. A test that hangs still fails, only later.
    // Journeys took up to 85 s of that on a slower machine (2026-11-28): twice the time is kept.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // expect.poll gives up after 1 s by default: on a loaded CI machine a page may take longer
    // to hydrate and fetch than that (a Sunday-evening journey failed there so). A poll that
    // never succeeds still fails, only later.
    // 15 s was not enough either in a run that shared two cores with helpers' work too
    // (2026-11-29: five polls of pages that load fine alone gave up): 30 s.
    expect: { poll: { timeout: 30_000 } },
  },
});
