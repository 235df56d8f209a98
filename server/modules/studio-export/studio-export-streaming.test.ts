import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";

// Runs on PostgreSQL too: the export streams through a cursor on the pool (docs/decisions/0061).

/**
 * "Exportar todo" streams: the response starts with the first tables while the last one is not
 * read yet, and a client that stops reading stops the reading of the database (the ZIP is never
 * whole in memory). audit_log gets ~15 MB of hard-to-compress text, more than the socket buffers
 * hold, so a paused download must hold the export before webhook_events, the last table.
 * Slow on PGlite on a busy machine (~90 s for the 15 MB there): the bounds are wide.
 */
describe(`Exportar todo streams (${testDriver()})`, () => {
  let t: TestApp;
  let base: string;
  const reads: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({}, { onQuery: (statement) => reads.push(statement) });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.db.execute(sql`
      insert into audit_log (action, entity, entity_id, details)
      select 'bench.row', 'bench', g::text, jsonb_build_object('ruido',
        md5(random()::text) || md5(random()::text) || md5(random()::text) || md5(random()::text) ||
        md5(random()::text) || md5(random()::text) || md5(random()::text) || md5(random()::text))
      from generate_series(1, 60000) g`);
  }, 300_000);
  afterAll(() => t?.close());

  it("answers before the last table is read, and waits for a client that stops reading", {
    timeout: 300_000,
  }, async () => {
    const owner = (await t.signUp({ role: "admin" })).headers;
    const lastTableRead = () => reads.some((s) => /from "webhook_events"/.test(s));
    reads.length = 0;
    const response = await fetch(`${base}/api/admin/studio-export`, { headers: owner });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(lastTableRead()).toBe(false);
    // The client pauses: the export must stay inside audit_log, at most the buffers ahead.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const batchesWhilePaused = reads.filter((s) => /from "audit_log"/.test(s)).length;
    expect(lastTableRead()).toBe(false);
    expect(batchesWhilePaused).toBeLessThan(60);
    let bytes = first.value!.length;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      bytes += next.value.length;
    }
    expect(lastTableRead()).toBe(true);
    console.info(
      `studio export: ${bytes} bytes; ${batchesWhilePaused} of 60 audit_log batches read while the client paused`,
    );
  });
});
