import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime, formatMoney } from "../domain/format";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { payment_sources } from "../server/db/schema/payments";
import { purchases } from "../server/db/schema/purchases";
import { renewDueSubscriptions } from "../server/modules/purchases/renewals";
import { sandboxGateway } from "../server/payments/gateways";
import { buildTestApp, type TestApp } from "../server/test/build-test-app";
import { addPackage, buyWithCard, customerLogin, seedShop, token } from "../server/test/commerce";
import { launchBrowser, openQuietPage, PHONE, screenshot } from "./browser";

/**
 * Dunning with OXXO (decisions 0128 and 0134): a customer whose subscription renewal was declined
 * sees the banner on Mis Membresías at 390 px, asks for an OXXO voucher for that period, sees its
 * amount, reference and expiry, the sandbox's 'Simular pago' (the processor's webhook path) pays
 * it, and the membership is active again.
 *
 * The renewal is declined by the scheduler at the subscription's own due date (a month after it is
 * bought), which a journey against the shared demo server cannot reach: this file runs the built
 * SPA and the API in its own process, on its own PGlite, and runs the scheduler with that clock.
 */
describe("a failed renewal paid by OXXO", () => {
  let t: TestApp;
  let baseUrl: string;
  let browser: Browser;
  beforeAll(async () => {
    // Its own embedded database, migrated here: the API suites' copy is not set up for journeys.
    const database = await openDatabase({ kind: "pglite" });
    await migrateDatabase(database);
    // The customer screens render in the browser: no server rendering (its bundle is slow to load here).
    t = await buildTestApp({ WEB_DIST: "./dist/web", WEB_SSR_DIST: "/nonexistent" }, { database });
    await seedShop(t);
    await t.app.appConfig.update([
      { key: "oxxo_enabled", value: true },
      { key: "spei_enabled", value: true },
    ]);
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("phone: sees the banner, picks OXXO, sees the voucher, the payment arrives, the membership is active", async () => {
    const pkg = await addPackage(t, {
      title: "Membresía 8 clases",
      price: "1200.00",
      class_amount: 8,
      is_subscription: true,
      subscription_period: "month",
      subscription_interval: 1,
    });
    const login = await customerLogin(t, "Dalia");
    const { confirm } = await buyWithCard(t, login.headers, pkg.class_package_id);
    expect(confirm.statusCode).toBe(200);
    const purchaseId = confirm.json().purchase_id as number;
    await t.app.db
      .update(payment_sources)
      .set({ source_id: token("4000000000009995").replace(/^tok_/, "src_") })
      .where(eq(payment_sources.customer_id, login.customer_id));
    const [row] = await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, purchaseId));
    const failedAt = new Date(row!.next_billing_date!.getTime() + 60_000);
    const run = await renewDueSubscriptions(
      {
        db: t.app.db,
        appConfig: t.app.appConfig,
        mailer: t.app.mailer,
        gateway: sandboxGateway(t.app),
        publicUrl: baseUrl,
      },
      failedAt,
    );
    expect(run).toMatchObject({ retry: 1 });

    const { page, problems } = await openQuietPage(browser, baseUrl, PHONE);
    const signIn = await page.context().request.post(`${baseUrl}/api/auth/sign-in/email`, {
      data: { email: login.email, password: "secreto123" },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await page.goto("/mystudio/membresias");
    const banner = page.getByRole("alert").filter({ hasText: "Actualiza tu tarjeta" });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await expect.poll(() => banner.textContent()).toContain(formatMoney(1200));
    await expect
      .poll(() =>
        page
          .getByText(/^Cobro fallido/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, "dunning-banner-390");

    await banner.getByTestId("renewal-oxxo").click();
    const voucher = page.getByTestId("voucher");
    await expect.poll(() => voucher.isVisible()).toBe(true);
    const made = (await (await page.context().request.get(`${baseUrl}/api/purchases/payment-issues`)).json())
      .issues[0].voucher;
    expect(made).toMatchObject({ method: "oxxo", amount: 1200, status: "pending" });
    expect(await page.getByTestId("voucher-amount").textContent()).toBe(formatMoney(1200));
    expect(await voucher.textContent()).toContain(made.reference);
    const tz = (await t.app.appConfig.get()).timezone;
    expect(await voucher.textContent()).toContain(formatDateTime(made.expires_at, tz));
    await expect.poll(() => page.getByTestId("voucher-barcode").isVisible()).toBe(true);
    await screenshot(page, "dunning-voucher-390");

    await page.getByTestId("simulate-payment").click();
    await expect.poll(() => banner.count()).toBe(0);
    await expect.poll(() => page.getByText("Activa", { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText(/^Cobro fallido/).count()).toBe(0);
    await screenshot(page, "dunning-paid-390");
    const [after] = await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, purchaseId));
    expect(after).toMatchObject({ status: "active", renewal_failures: 0 });
    expect(problems).toEqual([]);
  });
});
