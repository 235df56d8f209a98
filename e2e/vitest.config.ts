import { defineConfig } from "vitest/config";

// Browser journeys: one real server (built SPA + API + demo studio on a fresh PGlite) started by
// global-setup, driven by Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ["e2e/**/*.test.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: on a loaded CI machine a page may take longer
    // to hydrate and fetch than that (a Sunday-evening journey failed there so). A poll that
    // never succeeds still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});
