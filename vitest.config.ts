import { defineConfig } from "vitest/config";

// Unit and API tests (app.inject on a real database). Browser journeys: e2e/vitest.config.ts.
export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "domain/**/*.test.ts", "web/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
