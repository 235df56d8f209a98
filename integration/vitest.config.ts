import { defineConfig } from "vitest/config";

// The build suite (docs/decisions/0058): the compiled server (dist/server, as `npm start` runs
// it) against a loopback double of every provider. One file, one server: booting it (demo
// studio on a fresh PGlite) is most of the suite's time. `npm test build` runs it alone.
export default defineConfig({
  test: {
    include: ["integration/**/*.test.ts"],
    globalSetup: ["integration/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 360_000,
    reporters: ["default"],
  },
});
