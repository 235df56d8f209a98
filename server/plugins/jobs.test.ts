import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { buildTestApp } from "../test/build-test-app";
import { createTestDatabase } from "../test/test-database";
import { testDriver } from "../test/test-driver";

// Runs on PostgreSQL too: pg-boss on a real server (docs/decisions/0061).

/** Runs on whichever driver the suite uses: PGlite by default, PostgreSQL with TEST_DB_DRIVER. */
describe(`jobs plugin (pg-boss on ${testDriver()})`, () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it("starts after ready, runs a sent job once and stops on close", async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: `/tmp/estudio-test-${process.pid}-jobs`,
      LOG_LEVEL: "silent",
      WEB_DIST: "/nonexistent",
      JOBS: "1",
    });
    const app = await buildApp({ config, database, logger: false });
    const seen: unknown[] = [];
    app.jobs.register("test.ping", async (data) => {
      seen.push(data);
    });
    cleanup.push(() => database.close());
    await app.ready();
    expect(app.jobs.running).toBe(true);
    await app.jobs.send("test.ping", { hello: "mundo" });
    const deadline = Date.now() + 20_000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([{ hello: "mundo" }]);
    expect(app.jobs.sent).toEqual([]);
    await app.close();
    expect(app.jobs.running).toBe(false);
  }, 60_000);

  it("with JOBS off records sends without running them, and refuses unknown names", async () => {
    const t = await buildTestApp();
    cleanup.push(() => t.close());
    expect(t.app.jobs.running).toBe(false);
    await t.app.jobs.send("waitlist.promote", { single_class_id: 1 }, { singletonKey: "promote:1" });
    expect(t.app.jobs.sent).toEqual([
      { name: "waitlist.promote", data: { single_class_id: 1 }, options: { singletonKey: "promote:1" } },
    ]);
    await expect(t.app.jobs.send("nope", {})).rejects.toThrow(/unknown job/);
  });
});
