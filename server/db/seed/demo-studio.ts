import { is, notInArray, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { LoginRole } from "../../auth/auth-users";
import { type Db, schema } from "../client";
import { rowAt } from "../rows";
import { account, session, user, verification } from "../schema/auth";
import { seedBookings } from "./demo-bookings";
import { seedCatalogue } from "./demo-catalogue";
import { seedCoachPay } from "./demo-coach-pay";
import { seedCommerce } from "./demo-commerce";
import { seedContent } from "./demo-content";
import { seedMessaging } from "./demo-messaging";
import {
  backdateSignups,
  createDemoUsers,
  DEMO_EMAILS,
  linkDemoCoaches,
  seedCoachNote,
  seedPeople,
} from "./demo-people";
import { seedSchedule } from "./demo-schedule";
import { mondayOf } from "./demo-time";

export type SeedDemoStudioOptions = {
  /** Creates a login (the app wires it to better-auth so passwords are hashed) and returns its user id. */
  createUser: (p: { email: string; password: string; name: string; role: LoginRole }) => Promise<string>;
  /** Reference instant (tests); defaults to the current time. */
  now?: Date;
};

/** Arbitrary constant for the advisory lock that serialises concurrent seeders. */
const SEED_LOCK_KEY = 7_340_011;

/** better-auth's tables: rows there only count when they belong to someone other than the demo. */
const AUTH_TABLES: PgTable[] = [user, account, session, verification];

/** Every other table of the data model: a single row in any of them is the studio's own data. */
const STUDIO_TABLES = Object.values(schema).filter(
  (value) => is(value, PgTable) && !AUTH_TABLES.includes(value),
) as PgTable[];

/**
 * A studio is empty when no table holds a row and the only logins are the demo's own (left by an
 * earlier start that died before its transaction). Checking every table, not a few, matters:
 * a studio whose first admin was made with `npm run admin:create`, or that only has a location
 * so far, must never receive the demo and its published demo logins.
 */
async function isEmpty(db: Db): Promise<boolean> {
  const anyRow = sql.join(
    STUDIO_TABLES.map((table) => sql`exists (select 1 from ${table})`),
    sql` or `,
  );
  const [result] = await db
    .select({
      taken: sql<boolean>`(${anyRow}) or exists (select 1 from ${user} where ${notInArray(user.email, DEMO_EMAILS)})`,
    })
    .from(sql`(select 1) as probe`);
  return !result?.taken;
}

/**
 * Seeds "Estudio Pulso", a believable Mexico City studio: locations, class types, coaches, eight
 * weeks of classes (plus last week's history), packages, discounts, content, videos and people
 * with purchases and reservations. Runs only on an empty studio (see isEmpty) and never twice:
 * everything but the logins is written in one transaction guarded by an advisory lock, and the
 * emptiness check is repeated inside it.
 */
export async function seedDemoStudio(db: Db, opts: SeedDemoStudioOptions): Promise<{ created: boolean }> {
  const now = opts.now ?? new Date();
  if (!(await isEmpty(db))) return { created: false };

  // Logins first, outside the transaction (see createDemoUsers).
  const uids = await createDemoUsers(db, opts.createUser);

  return db.transaction(async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(t))) return { created: false };

    const catalogue = await seedCatalogue(t);
    await linkDemoCoaches(t, uids, catalogue.coach);
    const classes = await seedSchedule(t, catalogue, mondayOf(now));
    await seedCoachPay(t, catalogue, mondayOf(now));
    const content = await seedContent(t, catalogue, now);
    const people = await seedPeople(t, uids, {
      termsPageId: content.pages.terms.page_id,
      levelFieldId: rowAt(content.customFields, 1, "the level field").custom_field_id,
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
    await backdateSignups(t, now);
    await seedCoachNote(t, people.ana.customer_id, uids);
    await seedMessaging(t, people, now);
    return { created: true };
  });
}
