import { randomUUID } from "node:crypto";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { class_types, instructors, locations, single_classes } from "../../db/schema/calendar";
import { coach_pay_rate_changes, coach_pay_rates } from "../../db/schema/coach-pay";
import { pages } from "../../db/schema/content";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { discounts } from "../../db/schema/payments";
import { class_reservations } from "../../db/schema/reservations";
import { videos } from "../../db/schema/videos";
import { waitlists } from "../../db/schema/waitlists";
import { seedDemoStudio } from "../../db/seed/demo-studio";
import { addDays, at, isoDay, mondayOf, zonedParts } from "../../db/seed/demo-time";
import { firstOf } from "../fixtures";
import { createTestDatabase } from "../test-database";

/**
 * The suite's migrated copy (a PGlite dump or a PostgreSQL template, server/test/global-setup.ts),
 * so the demo data is checked on the suite's own driver without migrating from nothing each time.
 */
const freshDb = (): Promise<Database> => createTestDatabase();

function fakeCreateUser(database: Database) {
  return async (p: { email: string; name: string; role: string }) => {
    const id = randomUUID();
    await database.db.insert(user).values({ id, email: p.email, name: p.name, role: p.role });
    return id;
  };
}

const tableCount = (database: Database, table: PgTable) => database.db.$count(table);

describe.each([
  ["a Wednesday afternoon", new Date("2026-03-11T23:00:00Z")],
  ["early on a Monday", new Date("2026-03-09T12:30:00Z")],
])("seedDemoStudio on %s", (_label, now) => {
  it("seeds the demo studio once and never duplicates it", async () => {
    const database = await freshDb();
    const { db } = database;
    try {
      const createUser = fakeCreateUser(database);
      expect(await seedDemoStudio(db, { createUser, now })).toEqual({ created: true });

      expect(await tableCount(database, locations)).toBe(2);
      expect(await tableCount(database, class_types)).toBe(5);
      expect(await tableCount(database, instructors)).toBe(6);
      expect(await tableCount(database, class_packages)).toBe(8);
      expect(await tableCount(database, videos)).toBe(12);
      expect(await tableCount(database, pages)).toBe(3);
      expect(await tableCount(database, discounts)).toBe(3);
      expect(await tableCount(database, customers)).toBe(27);
      expect(await tableCount(database, user)).toBe(31); // 27 customers + manager, front desk and two coaches (staff only)

      // Classes on every one of the 8 weeks starting this Monday (studio time).
      const monday = mondayOf(now);
      const from = at(monday, "00:00");
      const classes = await db
        .select({ class_date: single_classes.class_date })
        .from(single_classes)
        .where(gte(single_classes.class_date, from));
      const weeks = new Set(
        classes.map((c) => Math.floor((c.class_date.getTime() - from.getTime()) / (7 * 86_400_000))),
      );
      expect([...weeks].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(from.getTime()).toBe(at(addDays(monday, 0), "00:00").getTime());
      expect(zonedParts(from)).toMatchObject({ weekday: 1, hour: 0, minute: 0 });
      // 07:00 in Mexico City (UTC-6) is 13:00 UTC.
      expect(
        classes.some((c) => c.class_date.getUTCHours() === 13 && c.class_date.getUTCMinutes() === 0),
      ).toBe(true);

      // At least one full upcoming class, and nothing over capacity.
      const occupancy = await db.execute<{
        single_class_id: number;
        capacity: number;
        seats: number;
        class_date: string;
      }>(sql`
        select sc.single_class_id, sc.capacity, sc.class_date, count(cr.class_reservation_id)::int as seats
        from single_classes sc
        left join class_reservations cr on cr.single_class_id = sc.single_class_id and cr.deleted_at is null
        group by sc.single_class_id`);
      const occ = (
        occupancy as unknown as { rows: { capacity: number; seats: number; class_date: string }[] }
      ).rows;
      expect(occ.some((r) => r.seats === r.capacity && new Date(r.class_date) > now)).toBe(true);
      expect(occ.every((r) => r.seats <= r.capacity)).toBe(true);

      // The demo customer: 3 upcoming own reservations, 2 past ones (one attended), a guest,
      // a waitlist entry and a 10-class bucket with 4 credits left.
      const ana = firstOf(
        await db.select().from(customers).where(eq(customers.email, "cliente@demo.mx")),
        "ana",
      );
      expect(ana).toMatchObject({ name: "Ana", last_name: "López", phone: "5512345678" });

      // Everyone registered before their first purchase, over the months before now: only a
      // few are new in the last 30 days (the dashboard's "Clientes nuevos").
      const signups = (
        (await db.execute(sql`select c.created_at as "createdAt",
          (select min(p.created_at) from purchases p where p.customer_id = c.customer_id) as "firstPurchase"
          from customers c`)) as unknown as { rows: { createdAt: string; firstPurchase: string | null }[] }
      ).rows;
      for (const row of signups) {
        if (row.firstPurchase) expect(Date.parse(row.createdAt)).toBeLessThan(Date.parse(row.firstPurchase));
      }
      const monthAgo = now.getTime() - 30 * 86_400_000;
      const recent = signups.filter((row) => Date.parse(row.createdAt) >= monthAgo).length;
      expect(recent).toBeGreaterThan(0);
      expect(recent).toBeLessThan(signups.length / 2);
      expect(Math.min(...signups.map((row) => Date.parse(row.createdAt)))).toBeLessThan(
        now.getTime() - 120 * 86_400_000,
      );
      const anaRes = await db
        .select({ r: class_reservations, date: single_classes.class_date })
        .from(class_reservations)
        .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
        .where(
          and(eq(class_reservations.customer_id, ana.customer_id), isNull(class_reservations.deletedAt)),
        );
      const own = anaRes.filter((x) => x.r.guest_of_id === null);
      expect(own.filter((x) => x.date > now)).toHaveLength(3);
      expect(own.filter((x) => x.date < now)).toHaveLength(2);
      expect(own.filter((x) => x.date < now && x.r.attend)).toHaveLength(1);
      expect(anaRes.filter((x) => x.r.guest_of_id !== null)).toHaveLength(1);
      const bucket = firstOf(
        await db.select().from(available_classes).where(eq(available_classes.customer_id, ana.customer_id)),
        "bucket",
      );
      expect(bucket.available_classes).toBe(4);
      expect(bucket.expiration_date!.getTime()).toBeGreaterThan(now.getTime() + 45 * 86_400_000);
      expect(await db.$count(waitlists, eq(waitlists.customer_id, ana.customer_id))).toBe(1);

      // The database refuses a second seat on a taken spot and a second own reservation.
      const taken = firstOf(
        await db
          .select()
          .from(class_reservations)
          .where(and(isNull(class_reservations.deletedAt), sql`${class_reservations.spot} is not null`))
          .limit(1),
        "taken",
      );
      await expect(
        db.insert(class_reservations).values({
          single_class_id: taken.single_class_id,
          customer_id: ana.customer_id,
          guest: "Intruso",
          guest_of_id: taken.class_reservation_id,
          spot: taken.spot,
        }),
      ).rejects.toThrow();
      const anaFirst = firstOf(own, "anaFirst");
      await expect(
        db
          .insert(class_reservations)
          .values({ single_class_id: anaFirst.r.single_class_id, customer_id: ana.customer_id }),
      ).rejects.toThrow();

      // Relations resolve for the calendar query shape.
      const sc = await db.query.single_classes.findFirst({
        where: eq(
          single_classes.class_package_id,
          sql`(select class_package_id from class_packages where is_special_event limit 1)`,
        ),
        with: {
          class_type: { with: { custom_spot_map: true } },
          location: true,
          class_instructors: { with: { instructor: { with: { file: true } } } },
          tags: { with: { tag: true } },
          class_reservations: true,
        },
      });
      expect(sc?.class_type.name).toBe("Indoor Cycling");
      expect(sc?.class_instructors.map((i) => i.instructor.file?.src)).toHaveLength(2);
      expect(sc?.tags.map((t) => t.tag.name)).toEqual(["Evento especial"]);

      // Pago a coaches shows real pay for last week (docs/decisions/0130): Valeria per class with a
      // raise from this Monday, Mateo per person checked in, Santiago by tiers; each taught last
      // week, and Mateo's classes had people checked in.
      const coachIds = new Map(
        (await db.select().from(instructors)).map((c) => [c.name, c.instructor_id] as const),
      );
      const rates = await db.select().from(coach_pay_rates);
      const rateOf = (name: string) => rates.find((r) => r.instructor_id === coachIds.get(name));
      expect(rateOf("Valeria")?.per_class).toBe("400.00");
      expect(rateOf("Mateo")?.per_attendee).toBe("45.00");
      expect(rateOf("Santiago")?.tiers).toHaveLength(2);
      expect(
        (await db.select().from(coach_pay_rate_changes)).map((c) => [c.instructor_id, c.effective_from]),
      ).toEqual([[coachIds.get("Valeria"), isoDay(monday)]]);
      const taughtLastWeek = (
        (await db.execute(sql`
          select i.name, count(*)::int as classes, sum((select count(*) from class_reservations r
            where r.single_class_id = c.single_class_id and r.attend and r.deleted_at is null))::int as came
          from single_classes c
          join single_class_instructors x on x.single_class_id = c.single_class_id
          join instructors i on i.instructor_id = x.instructor_id
          where c.class_date >= ${at(addDays(monday, -7), "00:00")} and c.class_date < ${from}
            and c.cancelled_at is null
          group by i.name`)) as unknown as { rows: { name: string; classes: number; came: number }[] }
      ).rows;
      for (const name of ["Valeria", "Mateo", "Santiago"])
        expect(taughtLastWeek.find((r) => r.name === name)?.classes).toBeGreaterThan(0);
      expect(taughtLastWeek.find((r) => r.name === "Mateo")?.came).toBeGreaterThan(0);

      // Second run: nothing happens.
      const before = {
        classes: await tableCount(database, single_classes),
        reservations: await tableCount(database, class_reservations),
        users: await tableCount(database, user),
      };
      expect(await seedDemoStudio(db, { createUser, now })).toEqual({ created: false });
      expect({
        classes: await tableCount(database, single_classes),
        reservations: await tableCount(database, class_reservations),
        users: await tableCount(database, user),
      }).toEqual(before);
      expect(await tableCount(database, class_types)).toBe(5);
      expect(await tableCount(database, customers)).toBe(27);
    } finally {
      await database.close();
    }
    // Seeding the whole studio twice: a loaded CI machine took over 60 s on PostgreSQL.
  }, 180_000);
});
