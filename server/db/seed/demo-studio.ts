import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { class_types } from "../schema/calendar";
import { customers } from "../schema/customers";
import { seedBookings } from "./demo-bookings";
import { seedCatalogue } from "./demo-catalogue";
import { seedCommerce } from "./demo-commerce";
import { seedContent } from "./demo-content";
import { createDemoUsers, seedPeople } from "./demo-people";
import { seedSchedule } from "./demo-schedule";
import { mondayOf } from "./demo-time";

export type SeedDemoStudioOptions = {
  /** Creates a login (the app wires it to better-auth so passwords are hashed) and returns its user id. */
  createUser: (p: {
    email: string;
    password: string;
    name: string;
    role: "admin" | "customer";
  }) => Promise<string>;
  /** Reference instant (tests); defaults to the current time. */
  now?: Date;
};

/** Arbitrary constant for the advisory lock that serialises concurrent seeders. */
const SEED_LOCK_KEY = 7_340_011;

async function isEmpty(db: Db): Promise<boolean> {
  const [t] = await db.select({ id: class_types.class_type_id }).from(class_types).limit(1);
  const [c] = await db.select({ id: customers.customer_id }).from(customers).limit(1);
  return !t && !c;
}

/**
 * Seeds "Estudio Pulso", a believable Mexico City studio: locations, class types, coaches, eight
 * weeks of classes (plus last week's history), packages, discounts, content, videos and people
 * with purchases and reservations. Runs only on an empty studio (no class types and no customers)
 * and never twice: everything but the logins is written in one transaction guarded by an
 * advisory lock, and the emptiness check is repeated inside it.
 */
export async function seedDemoStudio(db: Db, opts: SeedDemoStudioOptions): Promise<{ created: boolean }> {
  const now = opts.now ?? new Date();
  if (!(await isEmpty(db))) return { created: false };

  // Logins first, outside the transaction (see createDemoUsers).
  const uids = await createDemoUsers(db, opts.createUser);

  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(t))) return { created: false };

    const catalogue = await seedCatalogue(t);
    const classes = await seedSchedule(t, catalogue, mondayOf(now));
    const content = await seedContent(t, catalogue, now);
    const people = await seedPeople(t, uids, {
      termsPageId: content.pages.terms.page_id,
      levelFieldId: content.customFields[1].custom_field_id,
    });
    const commerce = await seedCommerce(t, catalogue, people, now);
    await seedBookings(t, {
      classes,
      people,
      plans: commerce.plans,
      anaBucketId: commerce.anaBucketId,
      videoIds: content.videos.map((v) => v.video_id),
      now,
    });
    return { created: true };
  });
}
