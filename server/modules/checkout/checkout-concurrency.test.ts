import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { available_classes } from "../../db/schema/credits";
import { purchases } from "../../db/schema/purchases";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, customerLogin } from "../../test/commerce";
import { testDriver } from "../../test/test-driver";

// Runs on PostgreSQL too: parallel purchases on the pool's many connections (docs/decisions/0061).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * 50 customers buy a package limited to 10 people at the same time. On PostgreSQL the requests
 * really run in parallel (a pool of connections); on PGlite the driver serialises transactions,
 * and the rule must hold the same way.
 */
it(`50 parallel purchases of a package limited to 10 people sell exactly 10 (${testDriver()})`, async () => {
  const pkg = await addPackage(t, { title: "Cupo 10", price: "200.00", class_amount: 1, people_limit: 10 });
  const buyers = [];
  for (let i = 0; i < 50; i++) buyers.push(await customerLogin(t, `Comprador ${i}`));
  const started = Date.now();
  const results = await Promise.all(buyers.map((b) => buyWithCard(t, b.headers, pkg.class_package_id)));
  const elapsed = Date.now() - started;
  const ok = results.filter((r) => r.confirm.statusCode === 200);
  const full = results.filter((r) => r.attempt.statusCode === 412);
  expect(ok).toHaveLength(10);
  expect(full).toHaveLength(40);
  expect(full.every((r) => r.attempt.json().code === "PEOPLE_LIMIT")).toBe(true);
  const sold = await t.app.db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.class_package_id, pkg.class_package_id),
        inArray(purchases.status, ["completed", "active"]),
      ),
    );
  expect(sold).toHaveLength(10);
  const credits = await t.app.db
    .select()
    .from(available_classes)
    .where(
      inArray(
        available_classes.purchase_id,
        sold.map((p) => p.purchase_id),
      ),
    );
  expect(credits).toHaveLength(10);
  console.info(`[concurrency ${testDriver()}] 50 checkouts in ${elapsed} ms`);
}, 120_000);
