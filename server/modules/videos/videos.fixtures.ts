import type { FastifyInstance } from "fastify";
import { class_types, instructors } from "../../db/schema/calendar";
import { tags } from "../../db/schema/content";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { purchases } from "../../db/schema/purchases";
import { programs, video_tags, video_types, videos } from "../../db/schema/videos";
import type { TestApp } from "../../test/build-test-app";

// Test data for the videos suites: a small library and customers with or without online access.

const DAY = 86_400_000;

export async function seedLibrary(app: FastifyInstance, count = 40) {
  const db = app.db;
  const [vale, diego] = await db
    .insert(instructors)
    .values([
      { name: "Valeria", last_name: "Mendoza" },
      { name: "Diego", last_name: "Hernández" },
    ])
    .returning();
  const [cycling, yoga] = await db
    .insert(class_types)
    .values([{ name: "Cycling" }, { name: "Yoga" }])
    .returning();
  const [cardio, calma, otherType] = await db
    .insert(tags)
    .values([
      { name: "Cardio", type: "video" },
      { name: "Calma", type: "video" },
      { name: "Sin videos", type: "video" },
    ])
    .returning();
  const [express] = await db
    .insert(video_types)
    .values([{ name: "Express" }, { name: "Completa" }])
    .returning();
  const [program] = await db.insert(programs).values({ name: "Reto 21 Días" }).returning();
  const base = Date.now() - 100 * DAY;
  // Video i (1-based) is i days newer than the first: the newest is the last one.
  const rows = await db
    .insert(videos)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: i === 0 ? "Ride de intervalos 100%_off" : `Clase ${i + 1}`,
        url: `/demo/videos/${(i % 12) + 1}.webm`,
        description: `Descripción ${i + 1}`,
        duration: (i % 2 === 0 ? 15 : 45) * 60,
        instructor_id: i % 2 === 0 ? vale!.instructor_id : diego!.instructor_id,
        class_type_id: i % 3 === 0 ? cycling!.class_type_id : yoga!.class_type_id,
        video_type_id: i % 4 === 0 ? express!.video_type_id : null,
        program_id: i < 3 ? program!.program_id : null,
        createdAt: new Date(base + i * DAY),
      })),
    )
    .returning();
  await db.insert(video_tags).values([
    { video_id: rows[0]!.video_id, tag_id: cardio!.tag_id },
    { video_id: rows[1]!.video_id, tag_id: calma!.tag_id },
    { video_id: rows[2]!.video_id, tag_id: cardio!.tag_id },
    { video_id: rows[2]!.video_id, tag_id: calma!.tag_id },
  ]);
  // Not part of the library: unpublished, and one still to be released.
  const [hidden, upcoming] = await db
    .insert(videos)
    .values([
      { name: "Borrador", published: false },
      { name: "Estreno", release_date: new Date(Date.now() + 3 * DAY) },
    ])
    .returning();
  const [online, unlimited, tenClasses] = await db
    .insert(class_packages)
    .values([
      { title: "Online Ilimitado", price: "399.00", is_online: true, expiration_days: 30 },
      { title: "Ilimitado Mensual", price: "2400.00", is_unlimited_membership: true, class_amount: -1 },
      { title: "10 clases", price: "1500.00", class_amount: 10 },
    ])
    .returning();
  return {
    videos: rows,
    hidden: hidden!,
    upcoming: upcoming!,
    coaches: { vale: vale!, diego: diego! },
    types: { cycling: cycling!, yoga: yoga! },
    tags: { cardio: cardio!, calma: calma!, otherType: otherType! },
    videoType: express!,
    program: program!,
    packages: { online: online!, unlimited: unlimited!, tenClasses: tenClasses! },
  };
}

export type Library = Awaited<ReturnType<typeof seedLibrary>>;

/** A signed-in customer (login + customer record), as the accounts domain creates them. */
export async function signUpCustomer(t: TestApp, role: "customer" | "admin" = "customer") {
  const login = await t.signUp({ role });
  const [customer] = await t.app.db
    .insert(customers)
    .values({ uid: login.userId, name: "Clienta", email: login.email })
    .returning();
  return { ...login, customerId: customer!.customer_id };
}

export async function buy(
  app: FastifyInstance,
  customerId: number,
  pkg: { class_package_id: number; title: string },
  opts: { status?: "active" | "completed" | "pending" | "cancelled"; expiresInDays?: number | null } = {},
) {
  const expiresInDays = opts.expiresInDays === undefined ? 30 : opts.expiresInDays;
  await app.db.insert(purchases).values({
    customer_id: customerId,
    class_package_id: pkg.class_package_id,
    title: pkg.title,
    status: opts.status ?? "active",
    amount: "399.00",
    total_payment: "399.00",
    expiration_date: expiresInDays === null ? null : new Date(Date.now() + expiresInDays * DAY),
  });
}

/** A customer who bought the online package: the usual viewer in these tests. */
export async function subscriber(t: TestApp, lib: Library) {
  const c = await signUpCustomer(t);
  await buy(t.app, c.customerId, lib.packages.online);
  return c;
}

export async function setVideosEnabled(app: FastifyInstance, enabled: boolean) {
  await app.appConfig.update([{ key: "videos_enabled", value: enabled }]);
}
