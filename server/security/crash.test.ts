import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema/auth";
import { available_classes } from "../db/schema/credits";
import { customers } from "../db/schema/customers";
import { payment_methods } from "../db/schema/payments";
import { HOUR, makeClass, makeStudio } from "../test/booking";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { addPackage } from "../test/commerce";
import { testDriver } from "../test/test-driver";
import { type AppProcess, startAppProcesses } from "./app-process";

// Runs on PostgreSQL too: a killed instance beside a live one on one database (docs/decisions/0061).

/**
 * A server process killed with SIGKILL in the middle of a burst of bookings and purchases (an
 * out-of-memory kill, a host dying), while a second instance on the same PostgreSQL database
 * keeps serving. Whatever was answered 2xx must be in the database; whatever was cut short must
 * have left nothing half-written: no seat given twice, no credit spent twice or lost, no purchase
 * paid without its credits or credits without their purchase. Clients then retry what failed on
 * the surviving instance, with the same idempotency keys, as a browser would.
 * PostgreSQL only: embedded PGlite lives inside one process and cannot be shared or killed apart.
 */
const PORTS = [3201, 3202] as const;
const BOOKERS = 24;
const CREDITS_EACH = 4;
const BUYERS = 12;
const CLASSES = 4;
const CAPACITY = 12;
/** The victim is killed once it has answered this many of its requests. */
const KILL_AFTER = 12;

type Job =
  | { kind: "booking"; customer: number; headers: Record<string, string>; body: Record<string, unknown> }
  | { kind: "purchase"; customer: number; headers: Record<string, string>; body: Record<string, unknown> };

type Outcome = { job: Job; instance: number; status: number | "network"; body: unknown };

describe.skipIf(testDriver() !== "postgres")(
  "SIGKILL of one instance during a burst (PostgreSQL only: embedded PGlite cannot be shared by two processes)",
  () => {
    let t: TestApp;
    const servers: AppProcess[] = [];
    const authSecret = randomBytes(32).toString("hex");

    beforeAll(async () => {
      t = await buildTestApp({ AUTH_SECRET: authSecret });
      const url = (t.database as { url?: string }).url!;
      servers.push(...(await startAppProcesses(PORTS, { databaseUrl: url, authSecret })));
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await t?.close();
    });

    it("keeps every answered write and no half-written one", async () => {
      const studio = await makeStudio(t.app);
      const classes = await Promise.all(
        Array.from({ length: CLASSES }, (_, i) =>
          makeClass(t.app, studio, { at: new Date(Date.now() + (48 + i) * HOUR), capacity: CAPACITY }),
        ),
      );
      await t.app.db.insert(payment_methods).values({ name: "Efectivo", provider: "cash", order: 1 });
      const free = await addPackage(t, { title: "Clase de regalo", price: "0.00", class_amount: 1 });
      const paid = await addPackage(t, { title: "5 Clases", price: "750.00", class_amount: 5 });

      const bookers = await Promise.all(
        Array.from({ length: BOOKERS }, () => quickCustomer(t, CREDITS_EACH)),
      );
      const buyers = await Promise.all(Array.from({ length: BUYERS }, () => quickCustomer(t, 0)));

      // Every booker wants every class (seats run out: 96 wishes for 48 seats), some with a guest,
      // some on a chosen spot of the 2×3 map; every buyer takes two free classes and a paid package.
      const jobs: Job[] = [];
      bookers.forEach((b, i) => {
        classes.forEach((c, j) => {
          const body: Record<string, unknown> = { single_class_id: c.single_class_id };
          if ((i + j) % 3 === 0) body.spot = String(((i + j) % 6) + 1);
          if ((i + j) % 5 === 0) body.guest = "Invitada";
          jobs.push({ kind: "booking", customer: b.customerId, headers: b.headers, body });
        });
      });
      buyers.forEach((b, i) => {
        for (const pkg of [free, free, paid]) {
          jobs.push({
            kind: "purchase",
            customer: b.customerId,
            headers: b.headers,
            body: {
              class_package_id: pkg.class_package_id,
              idempotency_key: `crash-${i}-${jobs.length}-${randomBytes(4).toString("hex")}`,
            },
          });
        }
      });
      shuffle(jobs);

      const started = performance.now();
      const outcomes = await burst(jobs, servers);
      const victim = servers[0]!;
      expect(victim.child.signalCode, "the victim was killed mid-burst").toBe("SIGKILL");
      const cut = outcomes.filter((o) => o.status === "network");
      const answered = outcomes.filter((o) => o.status !== "network");
      expect(cut.length, "some requests were cut by the kill").toBeGreaterThan(0);
      expect(
        answered.filter((o) => o.instance === 0 && ok(o)).length,
        "the victim answered some before dying",
      ).toBeGreaterThan(0);
      // The survivor answered all of its share, never with a 5xx.
      expect(cut.filter((o) => o.instance === 1)).toEqual([]);
      expect(answered.filter((o) => (o.status as number) >= 500).map(describeOutcome)).toEqual([]);

      // The cut requests are retried on the survivor, purchases with their idempotency key.
      const retried = await Promise.all(cut.map((o) => send(servers[1]!, 1, o.job)));
      expect(retried.filter((o) => o.status === "network" || o.status >= 500).map(describeOutcome)).toEqual(
        [],
      );
      const final = [...answered, ...retried];
      // A retried booking answered ALREADY_BOOKED means the cut request had committed before the kill.
      const committedBeforeKill = retried.filter(
        (o) => (o.body as { code?: string }).code === "ALREADY_BOOKED",
      );
      console.info(
        `crash: ${jobs.length} requests, ${cut.length} cut by SIGKILL and retried (${committedBeforeKill.length} had committed), ${Math.round(performance.now() - started)} ms`,
      );
      for (const o of final.filter((x) => !ok(x))) {
        // The only refusals: seats (for two) or a chosen spot ran out, the class was already booked by this
        // customer (their cut request had committed), or their credits were all spent.
        expect(
          ["SOLD_OUT", "NOT_ENOUGH_SEATS", "SPOT_TAKEN", "ALREADY_BOOKED", "NO_CREDITS"],
          describeOutcome(o),
        ).toContain((o.body as { code?: string }).code);
      }

      await expectAnsweredWritesStored(final);
      await expectNoSeatTwice();
      await expectCreditsAccountedFor(bookers.map((b) => b.customerId));
      await expectPurchasesWhole();
    }, 120_000);

    /** Every 2xx booking and purchase is in the database. */
    async function expectAnsweredWritesStored(final: Outcome[]) {
      const bookingIds = final
        .filter((o) => o.job.kind === "booking" && ok(o))
        .map((o) => (o.body as { class_reservation: { class_reservation_id: number } }).class_reservation);
      const stored = await rows<{ id: number }>(
        sql`select class_reservation_id as id from class_reservations where deleted_at is null`,
      );
      const storedIds = new Set(stored.map((r) => r.id));
      expect(bookingIds.filter((r) => !storedIds.has(r.class_reservation_id))).toEqual([]);

      const purchases = final.filter((o) => o.job.kind === "purchase" && ok(o));
      expect(purchases).toHaveLength(BUYERS * 3);
      const purchaseIds = new Set(
        (await rows<{ id: number }>(sql`select purchase_id as id from purchases`)).map((r) => r.id),
      );
      for (const o of purchases) {
        expect(purchaseIds.has((o.body as { purchase_id: number }).purchase_id), describeOutcome(o)).toBe(
          true,
        );
      }
      // One purchase per idempotency key, even for keys whose first request was cut after commit.
      expect(purchaseIds.size).toBe(BUYERS * 3);
    }

    async function expectNoSeatTwice() {
      const overfull = await rows(sql`
      select single_class_id, count(*)::int as seats from class_reservations
      where deleted_at is null group by single_class_id having count(*) > ${CAPACITY}`);
      expect(overfull).toEqual([]);
      const sharedSpots = await rows(sql`
      select single_class_id, spot from class_reservations
      where deleted_at is null and spot is not null
      group by single_class_id, spot having count(*) > 1`);
      expect(sharedSpots).toEqual([]);
      const doubleBooked = await rows(sql`
      select single_class_id, customer_id from class_reservations
      where deleted_at is null and guest_of_id is null
      group by single_class_id, customer_id having count(*) > 1`);
      expect(doubleBooked).toEqual([]);
    }

    /** Credits spent by each booker equal the seats (own and guests') they hold. */
    async function expectCreditsAccountedFor(bookerIds: number[]) {
      const balances = await rows<{ customer_id: number; spent: number; seats: number }>(sql`
      select c.customer_id,
        (select ${CREDITS_EACH} - coalesce(sum(a.available_classes), 0) from available_classes a
          where a.customer_id = c.customer_id)::int as spent,
        (select count(*) from class_reservations r
          where r.customer_id = c.customer_id and r.deleted_at is null and r.paid_with = 'credit')::int as seats
      from customers c where c.customer_id in (${sql.join(bookerIds, sql`, `)})`);
      expect(balances).toHaveLength(BOOKERS);
      expect(balances.filter((b) => b.spent !== b.seats)).toEqual([]);
      expect(balances.every((b) => b.spent >= 0 && b.spent <= CREDITS_EACH)).toBe(true);
      // Every seat paid with a credit names a bucket of its own customer.
      const foreign = await rows(sql`
      select r.class_reservation_id from class_reservations r
      left join available_classes a on a.available_class_id = r.available_class_id
      where r.deleted_at is null and r.paid_with = 'credit' and (a.customer_id is distinct from r.customer_id)`);
      expect(foreign).toEqual([]);
    }

    /** Paid (free) purchases have exactly their one credit; pending (cash) ones have none yet. */
    async function expectPurchasesWhole() {
      const purchases = await rows<{
        status: string;
        granted: boolean;
        buckets: number;
        credits: number;
      }>(sql`
      select p.status, p.credits_granted_at is not null as granted,
        (select count(*) from available_classes a where a.purchase_id = p.purchase_id)::int as buckets,
        (select coalesce(sum(a.available_classes), 0) from available_classes a where a.purchase_id = p.purchase_id)::int as credits
      from purchases p`);
      const completed = purchases.filter((p) => p.status === "completed");
      const pending = purchases.filter((p) => p.status === "pending");
      expect(completed).toHaveLength(BUYERS * 2);
      expect(pending).toHaveLength(BUYERS);
      expect(completed.filter((p) => !p.granted || p.buckets !== 1 || p.credits !== 1)).toEqual([]);
      expect(pending.filter((p) => p.granted || p.buckets !== 0)).toEqual([]);
      const orphans = await rows(sql`
      select a.available_class_id from available_classes a
      left join purchases p on p.purchase_id = a.purchase_id
      where a.purchase_id is not null and p.purchase_id is null`);
      expect(orphans).toEqual([]);
    }

    async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
      const result = (await t.app.db.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    }
  },
);

/**
 * Sends the jobs to both instances (alternating) with a few concurrent clients each, and kills
 * the first instance with SIGKILL once it has answered KILL_AFTER requests.
 */
async function burst(jobs: Job[], servers: AppProcess[]): Promise<Outcome[]> {
  const queues = servers.map((_, i) => jobs.filter((_, j) => j % servers.length === i));
  const outcomes: Outcome[] = [];
  let victimAnswers = 0;
  await Promise.all(
    queues.flatMap((queue, instance) =>
      Array.from({ length: 6 }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const outcome = await send(servers[instance]!, instance, job);
          outcomes.push(outcome);
          if (instance === 0 && outcome.status !== "network" && ++victimAnswers === KILL_AFTER) {
            servers[0]!.child.kill("SIGKILL");
          }
        }
      }),
    ),
  );
  return outcomes;
}

async function send(server: AppProcess, instance: number, job: Job): Promise<Outcome> {
  const url = `${server.baseUrl}/api/${job.kind === "booking" ? "class_reservations" : "checkout"}`;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { ...job.headers, "content-type": "application/json" },
      body: JSON.stringify(job.body),
      signal: AbortSignal.timeout(20_000),
    });
    return { job, instance, status: res.status, body: await res.json() };
  } catch {
    return { job, instance, status: "network", body: null };
  }
}

const ok = (o: Outcome) => typeof o.status === "number" && o.status >= 200 && o.status < 300;

function describeOutcome(o: Outcome): string {
  return `${o.job.kind} on instance ${o.instance}: ${o.status} ${JSON.stringify(o.body)}`;
}

/**
 * A customer with a better-auth session (a Bearer token every instance accepts) and credits.
 * The login has no password: sign-in is not under test here, and 36 scrypt hashes would cost
 * more time than the whole burst.
 */
async function quickCustomer(t: TestApp, credits: number) {
  const userId = randomUUID();
  const email = `quemado.${userId}@prueba.mx`;
  await t.app.db.insert(user).values({ id: userId, email, name: "Cliente Prueba" });
  const [row] = await t.app.db
    .insert(customers)
    .values({ uid: userId, name: "Cliente", last_name: "Prueba", email })
    .returning();
  if (credits > 0) {
    await t.app.db
      .insert(available_classes)
      .values({ customer_id: row!.customer_id, available_classes: credits });
  }
  const auth = await t.app.auth.$context;
  const session = await auth.internalAdapter.createSession(userId);
  return { customerId: row!.customer_id, headers: { authorization: `Bearer ${session.token}` } };
}

function shuffle<T>(items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
