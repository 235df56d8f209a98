import { eq } from "drizzle-orm";
import { tokenizeSandboxCard } from "../../domain/sandbox-card";
import { MERCADOPAGO_TEST_KEYS, startMercadoPagoFake } from "../../test/doubles/payments/mercadopago-fake";
import { PAYPAL_TEST_KEYS, startPaypalFake } from "../../test/doubles/payments/paypal-fake";
import { STRIPE_TEST_KEYS, startStripeFake } from "../../test/doubles/payments/stripe-fake";
import { class_types } from "../db/schema/calendar";
import { available_classes } from "../db/schema/credits";
import { customers } from "../db/schema/customers";
import { class_package_types, class_packages } from "../db/schema/packages";
import { discounts, payment_methods } from "../db/schema/payments";
import { invoices, purchases } from "../db/schema/purchases";
import { buildTestApp, type TestApp } from "./build-test-app";

/** Test helpers of the commerce suites: a small shop and customers with a login. */

type PackageValues = Partial<typeof class_packages.$inferInsert> & { title: string; price: string };

export async function addPackage(t: TestApp, values: PackageValues) {
  const [row] = await t.app.db.insert(class_packages).values(values).returning();
  return row!;
}

export async function seedShop(t: TestApp) {
  const db = t.app.db;
  const [reformer] = await db.insert(class_types).values({ name: "Reformer" }).returning();
  const five = await addPackage(t, {
    title: "5 Clases",
    price: "750.00",
    class_amount: 5,
    expiration_days: 30,
    order: 1,
  });
  const ten = await addPackage(t, {
    title: "10 Clases",
    price: "1500.00",
    sale_price: "1350.00",
    class_amount: 10,
    expiration_days: 60,
    order: 2,
  });
  const unlimited = await addPackage(t, {
    title: "Ilimitado Mensual",
    price: "2400.00",
    class_amount: -1,
    is_subscription: true,
    is_unlimited_membership: true,
    subscription_period: "month",
    subscription_interval: 1,
    order: 3,
  });
  const online = await addPackage(t, {
    title: "Online",
    price: "399.00",
    is_online: true,
    is_subscription: true,
    subscription_period: "month",
    subscription_interval: 1,
    free_trial_length: 7,
    free_trial_period: "day",
    order: 4,
  });
  const reformer4 = await addPackage(t, {
    title: "Reformer x4",
    price: "1000.00",
    class_amount: 4,
    expiration_days: 30,
    allowed_times: "07:00,09:00",
    order: 5,
  });
  await db.insert(class_package_types).values({
    class_package_id: reformer4.class_package_id,
    class_type_id: reformer!.class_type_id,
    class_amount: 4,
    expiration_days: 20,
  });
  const special = await addPackage(t, {
    title: "Masterclass",
    price: "450.00",
    class_amount: 1,
    is_special_event: true,
    people_limit: 2,
    limit_per_customer: 1,
    order: 6,
  });
  const free = await addPackage(t, {
    title: "Regalo",
    price: "0.00",
    class_amount: 1,
    expiration_days: 7,
    order: 7,
  });
  const hidden = await addPackage(t, { title: "Oculto", price: "100.00", available: false, order: 8 });
  const [card, cash] = await db
    .insert(payment_methods)
    .values([
      { name: "Tarjeta de crédito o débito", provider: "card", order: 0 },
      {
        name: "Efectivo",
        provider: "cash",
        instructions:
          '<p>Transfiere a <strong>BBVA</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        bank: { bank: "BBVA México", clabe: "012180001234567890", beneficiary: "Estudio S.A." },
        order: 1,
      },
    ])
    .returning();
  const [percent, fixed] = await db
    .insert(discounts)
    .values([
      { code: "DIEZ", amount: "10.00", is_percent: true, max_uses_per_customer: 1 },
      { code: "100PESOS", amount: "100.00" },
    ])
    .returning();
  return {
    types: { reformer: reformer! },
    packages: { five, ten, unlimited, online, reformer4, special, free, hidden },
    methods: { card: card!, cash: cash! },
    discounts: { percent: percent!, fixed: fixed! },
  };
}
export type Shop = Awaited<ReturnType<typeof seedShop>>;

/** A login with its customers row (what the sign-up of the accounts module creates). */
export async function customerLogin(t: TestApp, name = "Cliente") {
  const login = await t.signUp({ name });
  const [row] = await t.app.db
    .insert(customers)
    .values({ uid: login.userId, name, email: login.email })
    .returning();
  return { ...login, customer_id: row!.customer_id };
}

export async function customerRow(t: TestApp, customerId: number) {
  const [row] = await t.app.db.select().from(customers).where(eq(customers.customer_id, customerId));
  return row!;
}

let keys = 0;
export const newKey = () => `test-key-${process.pid}-${Date.now()}-${++keys}`;

export const token = (number: string, year = 2099) => tokenizeSandboxCard(number, { month: 12, year });

/** Card checkout, both steps. Returns the confirm response (or the attempt's when it failed). */
export async function buyWithCard(
  t: TestApp,
  headers: Record<string, string>,
  classPackageId: number,
  options: { card?: string; discountCode?: string; key?: string; save_card?: boolean } = {},
) {
  const attempt = await t.app.inject({
    method: "POST",
    url: "/api/checkout/attempt",
    headers,
    payload: {
      class_package_id: classPackageId,
      discountCode: options.discountCode,
      idempotency_key: options.key ?? newKey(),
    },
  });
  if (attempt.statusCode !== 200) return { attempt, confirm: attempt };
  const body = attempt.json();
  if (body.completed) return { attempt, confirm: attempt };
  const confirm = await t.app.inject({
    method: "POST",
    url: "/api/checkout/confirm",
    headers,
    payload: {
      purchase_id: body.purchase_id,
      client_secret: body.clientSecret,
      payment_method: token(options.card ?? "4242424242424242"),
      save_card: options.save_card,
    },
  });
  return { attempt, confirm };
}

/**
 * The app of a payment provider's suite: the provider's in-test fake, the app booted with the
 * settings that point at it, and the test shop. `close` stops the app, then the fake.
 */
async function startProviderSuite<F extends { url: string; close(): Promise<void> }>(
  startFake: () => Promise<F>,
  settings: (fake: F) => Record<string, string>,
) {
  const fake = await startFake();
  const t = await buildTestApp(settings(fake));
  const shop = await seedShop(t);
  const close = async () => {
    await t.close();
    await fake.close();
  };
  return { fake, t, shop, close };
}

/** PayPal's suites: its fake and sandbox keys (`webhooks`: signed events too), PayPal as a method. */
export async function startPaypalSuite(options: { webhooks: boolean }) {
  const suite = await startProviderSuite(startPaypalFake, (fake) => ({
    PAYPAL_CLIENT_ID: PAYPAL_TEST_KEYS.clientId,
    PAYPAL_CLIENT_SECRET: PAYPAL_TEST_KEYS.secret,
    ...(options.webhooks ? { PAYPAL_WEBHOOK_ID: PAYPAL_TEST_KEYS.webhookId } : {}),
    PAYPAL_API_URL: fake.url,
  }));
  await suite.t.app.db.insert(payment_methods).values({ name: "PayPal", provider: "paypal", order: 2 });
  return suite;
}

/** Stripe's suites: Stripe as the card gateway, pointed at its fake. */
export const startStripeSuite = () =>
  startProviderSuite(startStripeFake, (fake) => ({
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secret,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhook,
    STRIPE_API_URL: fake.url,
  }));

/** Mercado Pago's suite: its fake and the keys that turn it on (the studio still enables it). */
export const startMercadoPagoSuite = () =>
  startProviderSuite(startMercadoPagoFake, (fake) => ({
    MERCADOPAGO_ACCESS_TOKEN: MERCADOPAGO_TEST_KEYS.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: MERCADOPAGO_TEST_KEYS.webhookSecret,
    MERCADOPAGO_API_URL: fake.url,
  }));

/** An OXXO or SPEI checkout (POST /api/checkout/offline), on whichever processor the suite runs. */
export const buyOffline = (
  t: TestApp,
  headers: Record<string, string>,
  classPackageId: number,
  method: "oxxo" | "spei",
  key = newKey(),
) =>
  t.app.inject({
    method: "POST",
    url: "/api/checkout/offline",
    headers,
    payload: { class_package_id: classPackageId, method, idempotency_key: key },
  });

/**
 * What the suites read back after a payment: a purchase, its credits and its invoices (oldest
 * first). `app` gives the suite's app once its beforeAll has started it.
 */
export function purchaseReads(app: () => TestApp) {
  return {
    purchaseRow: async (id: number) =>
      (await app().app.db.select().from(purchases).where(eq(purchases.purchase_id, id)))[0]!,
    creditsOf: (id: number) =>
      app().app.db.select().from(available_classes).where(eq(available_classes.purchase_id, id)),
    invoicesOf: (id: number) =>
      app().app.db.select().from(invoices).where(eq(invoices.purchase_id, id)).orderBy(invoices.invoice_id),
  };
}
