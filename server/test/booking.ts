/**
 * Test fixtures of the booking suites: a small studio (locations, a row-size spot map type, a
 * custom-map type, a plain type), classes at chosen instants and customers with credits.
 * Tests only: writes straight to the database through app.db. In server/test with the other shared
 * fixtures (commerce.ts, customers.ts): they import no module, so every module's tests may use
 * them without a dependency between modules.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { AppConfigEntry } from "../../domain/app-config";
import {
  class_types,
  custom_spot_maps,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../db/schema/calendar";
import { available_classes } from "../db/schema/credits";
import { customers } from "../db/schema/customers";
import { buildTestApp, type TestApp } from "./build-test-app";
import { exactly, only } from "./fixtures";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function makeStudio(app: FastifyInstance) {
  const db = app.db;
  const [roma, polanco] = exactly(
    await db
      .insert(locations)
      .values([{ name: "Roma" }, { name: "Polanco", address: "Masaryk 340" }])
      .returning(),
    2,
    "locations",
  );
  const map = only(
    await db
      .insert(custom_spot_maps)
      .values({
        name: "Reformers",
        rows: 2,
        columns: 3,
        spots: {
          A1: { label: "1", selectable: true },
          A2: { label: "Coach", selectable: false },
          A3: { label: "2", selectable: true },
          B1: { label: "3", selectable: true },
          B3: { label: "4", selectable: true },
        },
      })
      .returning(),
  );
  const [cycling, reformer, yoga] = exactly(
    await db
      .insert(class_types)
      .values([
        { name: "Cycling", spot_map: "2,3", color: "#e8590c" },
        { name: "Reformer", custom_spot_map_id: map.custom_spot_map_id },
        { name: "Yoga" },
      ])
      .returning(),
    3,
    "class types",
  );
  const coach = only(await db.insert(instructors).values({ name: "Vale", last_name: "Ruiz" }).returning());
  return { roma, polanco, cycling, reformer, yoga, coach, map };
}

export type Studio = Awaited<ReturnType<typeof makeStudio>>;

/**
 * One test app with the studio for a whole test file (built before its tests, closed after):
 * `const suite = studioSuite();` then `suite.t` and `suite.studio` inside the tests.
 */
export function studioSuite(): { readonly t: TestApp; readonly studio: Studio } {
  const suite = {} as { t: TestApp; studio: Studio };
  beforeAll(async () => {
    suite.t = await buildTestApp();
    suite.studio = await makeStudio(suite.t.app);
  });
  afterAll(() => suite.t.close());
  return suite;
}

export async function makeClass(
  app: FastifyInstance,
  studio: Studio,
  opts: {
    at: Date;
    capacity?: number | null;
    type?: "cycling" | "reformer" | "yoga";
    location?: "roma" | "polanco";
    class_package_id?: number | null;
  },
) {
  const type = studio[opts.type ?? "cycling"];
  const row = only(
    await app.db
      .insert(single_classes)
      .values({
        class_date: opts.at,
        capacity: opts.capacity === undefined ? 10 : opts.capacity,
        class_type_id: type.class_type_id,
        location_id: studio[opts.location ?? "roma"].location_id,
        description: "Clase de prueba",
      })
      .returning(),
  );
  await app.db
    .insert(single_class_instructors)
    .values({ single_class_id: row.single_class_id, instructor_id: studio.coach.instructor_id });
  return row;
}

/** A signed-in customer (login + customer record) with optional credit buckets. */
export async function makeCustomer(
  t: TestApp,
  opts: {
    credits?: number;
    buckets?: Partial<typeof available_classes.$inferInsert>[];
    unlimitedUntil?: Date | null;
  } = {},
) {
  const { headers, userId, email } = await t.signUp();
  const db = t.app.db;
  const [found] = await db.select().from(customers).where(eq(customers.uid, userId));
  const row =
    found ??
    only(
      await db
        .insert(customers)
        .values({ uid: userId, name: "Cliente", last_name: "Prueba", email })
        .returning(),
    );
  if (opts.unlimitedUntil !== undefined) {
    await db
      .update(customers)
      .set({ has_unlimited: true, unlimited_membership_expiration: opts.unlimitedUntil })
      .where(eq(customers.customer_id, row.customer_id));
  }
  const buckets = [
    ...(opts.credits !== undefined ? [{ available_classes: opts.credits }] : []),
    ...(opts.buckets ?? []),
  ];
  const inserted = buckets.length
    ? await db
        .insert(available_classes)
        .values(buckets.map((b) => ({ available_classes: 0, ...b, customer_id: row.customer_id })))
        .returning()
    : [];
  return { headers, email, customerId: row.customer_id, buckets: inserted };
}

export async function bucketAmount(app: FastifyInstance, id: number) {
  return only(
    await app.db.select().from(available_classes).where(eq(available_classes.available_class_id, id)),
    `bucket ${id}`,
  );
}

export async function setConfig(app: FastifyInstance, values: Record<string, unknown>) {
  const entries: AppConfigEntry[] = Object.entries(values).map(([key, value]) => ({ key, value }));
  await app.appConfig.update(entries);
}

export function book(t: TestApp, headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/class_reservations", headers, payload });
}

/** The customer joins the class's waitlist (POST /api/waitlist). */
export function joinWaitlist(t: TestApp, headers: Record<string, string>, singleClassId: number) {
  return t.app.inject({
    method: "POST",
    url: "/api/waitlist",
    headers,
    payload: { single_class_id: singleClassId },
  });
}
