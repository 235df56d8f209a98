import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../../domain/format";
import { email_outbox } from "../../db/schema/mail";
import { invoices, purchases } from "../../db/schema/purchases";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, customerLogin } from "../../test/commerce";
import { sendPurchaseReceipt } from "./receipt-email";

/*
 * Moved from fiscal.test.ts (no cycles between modules): it reads purchases' answers and sends
 * their receipt, so it lives in purchases (which uses fiscal), not in fiscal (which purchases
 * uses).
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * IVA visible (decision 0032): prices include IVA; every place that shows a total shows its parts.
 */
describe("IVA on Mis Compras, the admin purchases list and the receipt", () => {
  let carla: Awaited<ReturnType<typeof customerLogin>>;
  let admin: Record<string, string>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    carla = await customerLogin(t, "Carla");
    admin = (await t.signUp({ role: "admin" })).headers;
    const taxed = await addPackage(t, { title: "10 Clases IVA", price: "1250.00", class_amount: 10 });
    const exempt = await addPackage(t, {
      title: "Taller exento",
      price: "500.00",
      class_amount: 1,
      iva_rate: "exento",
    });
    const buy = async (
      pkg: { class_package_id: number; title: string },
      total: string,
      iva_rate: string | null,
    ) => {
      const [row] = await t.app.db
        .insert(purchases)
        .values({
          customer_id: carla.customer_id,
          class_package_id: pkg.class_package_id,
          title: pkg.title,
          status: "completed",
          amount: total,
          total_payment: total,
          provider: "cash",
          iva_rate,
          credits_granted_at: new Date("2026-03-10T18:00:00Z"),
          createdAt: new Date("2026-03-10T18:00:00Z"),
        })
        .returning();
      return row!.purchase_id;
    };
    ids.taxed = await buy(taxed, "1250.00", null);
    ids.exempt = await buy(exempt, "500.00", null);
    // Bought while the package was at the border rate: the purchase keeps its own.
    ids.border = await buy(taxed, "1080.00", "8");
  });

  it("the admin sets a package's IVA rate in the catalogue: 16 % unless said, one of the four", async () => {
    const send = (method: "POST" | "PUT", payload: object) =>
      t.app.inject({ method, url: "/api/class_packages", headers: admin, payload });
    const created = await send("POST", {
      class_package_id: "nuevo",
      title: "Paquete IVA",
      price: 100,
      class_amount: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pkg = created.json().class_package;
    expect(pkg.iva_rate).toBe("16");
    const exempt = await send("PUT", { ...pkg, iva_rate: "exento" });
    expect(exempt.statusCode, exempt.body).toBe(200);
    expect(exempt.json().class_package.iva_rate).toBe("exento");
    const kept = await send("PUT", { ...pkg, iva_rate: null, title: "Paquete IVA 2" });
    expect(kept.json().class_package.iva_rate).toBe("exento");
    expect((await send("PUT", { ...pkg, iva_rate: "12" })).statusCode).toBe(400);
  });

  const expected = () => ({
    [ids.taxed!]: { iva_rate: "16", subtotal: 1077.59, iva: 172.41, total_payment: 1250 },
    [ids.exempt!]: { iva_rate: "exento", subtotal: 500, iva: 0, total_payment: 500 },
    [ids.border!]: { iva_rate: "8", subtotal: 1000, iva: 80, total_payment: 1080 },
  });

  it("Mis Compras answers subtotal, IVA and rate beside each total", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/purchases", headers: carla.headers });
    expect(res.statusCode).toBe(200);
    const got = Object.fromEntries(
      (res.json().purchases as Record<string, unknown>[]).map((p) => [
        p.purchase_id,
        { iva_rate: p.iva_rate, subtotal: p.subtotal, iva: p.iva, total_payment: p.total_payment },
      ]),
    );
    expect(got).toEqual(expected());
  });

  it("the admin purchases list (the CSV's source) answers the same parts", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/lists/purchases?query=carla&from=2026-03-01&to=2026-03-31",
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = Object.fromEntries(
      (res.json().rows as Record<string, unknown>[]).map((p) => [
        p.purchase_id,
        { iva_rate: p.iva_rate, subtotal: p.subtotal, iva: p.iva, total_payment: p.total_payment },
      ]),
    );
    expect(got).toEqual(expected());
  });

  it("the receipt email shows subtotal and IVA before the total", async () => {
    // A receipt is of a paid charge (decision 0051): the cash payment's, as its confirmation makes it.
    await t.app.db.insert(invoices).values({
      purchase_id: ids.taxed!,
      customer_id: carla.customer_id,
      total_payment: "1250.00",
      status: "paid",
    });
    await sendPurchaseReceipt(t.app, ids.taxed!);
    const [mail] = await t.app.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.to, carla.email))
      .orderBy(desc(email_outbox.email_outbox_id))
      .limit(1);
    expect(mail?.template).toBe("purchase-receipt");
    const text = mail?.text ?? "";
    expect(text).toContain(formatMoney(1077.59));
    expect(text).toContain("IVA 16 %");
    expect(text).toContain(formatMoney(172.41));
    expect(text.indexOf("Subtotal")).toBeLessThan(text.indexOf("Total pagado"));
  });
});
