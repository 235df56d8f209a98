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

  it("an instance with JOBS_WORK off queues a job that the working instance runs (decision 0126)", async () => {
    const database = await createTestDatabase();
    cleanup.push(() => database.close());
    const configFor = (work: string) =>
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: `/tmp/estudio-test-${process.pid}-jobs-${work}`,
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        JOBS: "1",
        JOBS_WORK: work,
      });
    const ranBy: string[] = [];
    const api = await buildApp({ config: configFor("0"), database, logger: false });
    api.jobs.register("test.ping", async () => {
      ranBy.push("api");
    });
    await api.ready();
    const worker = await buildApp({ config: configFor("1"), database, logger: false });
    worker.jobs.register("test.ping", async () => {
      ranBy.push("worker");
    });
    await worker.ready();
    try {
      expect(api.jobs.running).toBe(true);
      await api.jobs.send("test.ping", {});
      await api.jobs.send("test.ping", {});
      const deadline = Date.now() + 20_000;
      while (ranBy.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(ranBy).toEqual(["worker", "worker"]);
      expect(api.jobs.sent).toEqual([]);
    } finally {
      await worker.close();
      await api.close();
    }
  }, 90_000);

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
