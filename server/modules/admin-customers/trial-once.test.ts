import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { purchases } from "../../db/schema/purchases";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, customerLogin, type Shop, seedShop } from "../../test/commerce";

/** The trial once per customer, online and at the desk (docs/product-rules.md#trial-once). */
let t: TestApp;
let shop: Shop;
let owner: { headers: Record<string, string> };
let desk: { headers: Record<string, string> };
let manager: { headers: Record<string, string> };
let trialId: number;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await seedShop(t);
  owner = await t.signUp({ role: "admin" });
  desk = await t.signUp({ role: "front_desk" });
  manager = await t.signUp({ role: "manager" });
  trialId = (
    await addPackage(t, { title: "Clase de prueba", price: "150.00", class_amount: 1, is_trial: true })
  ).class_package_id;
});
afterAll(() => t.close());

const sell = (headers: Record<string, string>, customerId: number, path = "sell", classPackageId = trialId) =>
  t.app.inject({
    method: "POST",
    url: `/api/customer/admin/${customerId}/${path}`,
    headers,
    payload: { class_package_id: classPackageId, payment: "cash" },
  });

describe("the settings choose the fee and the trial", () => {
  const save = (headers: Record<string, string>, key: string, value: unknown) =>
    t.app.inject({ method: "PUT", url: "/api/appconfig", headers, payload: [{ key, value }] });

  it("saves a trial package, and none; refuses one that is not a trial, hidden or missing", async () => {
    expect((await save(owner.headers, "trial_package_id", trialId)).statusCode).toBe(200);
    expect((await t.app.appConfig.get()).trial_package_id).toBe(trialId);
    for (const bad of [
      shop.packages.five.class_package_id,
      shop.packages.hidden.class_package_id,
      999_999,
      -3,
    ]) {
      const r = await save(owner.headers, "trial_package_id", bad);
      expect(r.statusCode, String(bad)).toBe(400);
      expect(r.json()).toMatchObject({
        code: "SETTING_PACKAGE_INVALID",
        message: messages.settingPackageInvalid,
      });
    }
    expect((await t.app.appConfig.get()).trial_package_id).toBe(trialId);
    expect((await save(owner.headers, "trial_package_id", null)).statusCode).toBe(200);
  });

  it("saves a fee package (any on sale) and clears it with 0; the front desk may not", async () => {
    const fee = shop.packages.free.class_package_id;
    expect((await save(manager.headers, "signup_fee_package_id", fee)).statusCode).toBe(200);
    expect((await t.app.appConfig.get()).signup_fee_package_id).toBe(fee);
    expect((await save(desk.headers, "signup_fee_package_id", 0)).statusCode).toBe(403);
    expect((await save(owner.headers, "signup_fee_package_id", 0)).statusCode).toBe(200);
  });
});

describe("a second trial", () => {
  it("is refused online once the first was paid", async () => {
    const buyer = await customerLogin(t, "Prueba");
    expect((await buyWithCard(t, buyer.headers, trialId)).confirm.statusCode).toBe(200);
    const again = await buyWithCard(t, buyer.headers, trialId);
    expect(again.attempt.statusCode).toBe(409);
    expect(again.attempt.json()).toMatchObject({
      code: "TRIAL_ALREADY_USED",
      message: messages.trialAlreadyUsed,
    });
  });

  it("a declined card does not use it", async () => {
    const buyer = await customerLogin(t, "Declinada");
    const declined = await buyWithCard(t, buyer.headers, trialId, { card: "4000000000000002" });
    expect(declined.confirm.statusCode).toBe(402);
    expect((await buyWithCard(t, buyer.headers, trialId)).confirm.statusCode).toBe(200);
  });

  it("warns the desk, which cannot sell it; an owner or manager may, audited as a repeat", async () => {
    const regular = await customerLogin(t, "Regular");
    const warning = () =>
      t.app.inject({
        method: "GET",
        url: `/api/customer/admin/${regular.customer_id}/trial`,
        headers: desk.headers,
      });
    expect((await warning()).json()).toEqual({ used: null });
    expect((await sell(desk.headers, regular.customer_id)).statusCode).toBe(200);
    expect((await warning()).json().used).toMatchObject({ title: "Clase de prueba" });
    expect((await warning()).json().used.text).toMatch(/^Ya tomó Clase de prueba el \d\d \w{3} \d{4}\.$/);

    const refused = await sell(desk.headers, regular.customer_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "TRIAL_ALREADY_USED_DESK", trial_title: "Clase de prueba" });
    expect((await sell(desk.headers, regular.customer_id, "sell/trial-again")).statusCode).toBe(403);
    // Other packages still sell to them.
    expect(
      (await sell(desk.headers, regular.customer_id, "sell", shop.packages.five.class_package_id)).statusCode,
    ).toBe(200);

    expect((await sell(manager.headers, regular.customer_id, "sell/trial-again")).statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(purchases)
      .where(eq(purchases.customer_id, regular.customer_id));
    expect(rows.filter((p) => p.class_package_id === trialId)).toHaveLength(2);
    const audits = await t.app.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.customer_id, regular.customer_id));
    expect(audits.filter((a) => (a.details as { trial_repeat?: boolean })?.trial_repeat)).toHaveLength(1);
  });

  it("two desk sales of one trial at once: one sells, the other is refused", async () => {
    const racer = await customerLogin(t, "Carrera");
    const answers = await Promise.all([
      sell(desk.headers, racer.customer_id),
      sell(owner.headers, racer.customer_id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});
