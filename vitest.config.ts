import { defineConfig } from "vitest/config";

// Unit and API tests (app.inject on a real database). Browser journeys: e2e/vitest.config.ts.
export default defineConfig({
  test: {
    // web/**/*.test.tsx: component tests, each file on happy-dom by its own
    // `// @vitest-environment happy-dom` line (docs/decisions/0133); the rest stay on node.
    include: ["server/**/*.test.ts", "domain/**/*.test.ts", "web/**/*.test.ts", "web/**/*.test.tsx"],
    globalSetup: ["server/test/global-setup.ts"],
    pool: "forks",
    // Files in one worker share its imported modules (the app, Drizzle, PGlite): importing them
    // again for each of 70-odd files was half of the suite's time. Every file still boots its own
    // app on its own database; module-level state must be pure caches keyed by value, or
    // WeakMaps keyed by the app or its database (docs/decisions/0016).
    isolate: false,
    // CI runs four suites side by side on two cores, on machines whose speed varies threefold from
    // one session to the next: tests that take 5 s alone took 20-24 s there. A test that hangs
    // still fails, only later.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
