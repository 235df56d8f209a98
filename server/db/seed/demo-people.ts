import { asc, eq, min } from "drizzle-orm";
import type { LoginRole } from "../../auth/auth-users";
import type { Db } from "../client";
import { user } from "../schema/auth";
import { instructors } from "../schema/calendar";
import { accepted_pages } from "../schema/content";
import { addresses, customer_notes, customers } from "../schema/customers";
import { customer_field_values } from "../schema/forms";
import { purchases } from "../schema/purchases";
import { class_reservations } from "../schema/reservations";
import type { SeedDemoStudioOptions } from "./demo-studio";
import { DAY_MS } from "./demo-time";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_ADMIN_EMAIL = "admin@demo.mx";
export const DEMO_CUSTOMER_EMAIL = "cliente@demo.mx";

type Person = {
  email: string;
  name: string;
  last_name: string;
  phone: string;
  role: LoginRole;
  birthdate?: string;
  instagram?: string;
  signup_reason?: string;
};

const FILLER_NAMES: [string, string][] = [
  ["María", "García"],
  ["Fernanda", "Martínez"],
  ["Sofía", "Hernández"],
  ["Daniela", "López"],
  ["Andrea", "González"],
  ["Mariana", "Pérez"],
  ["Ximena", "Rodríguez"],
  ["Regina", "Sánchez"],
  ["Paola", "Ramírez"],
  ["Alejandra", "Torres"],
  ["Lucía", "Flores"],
  ["Natalia", "Rivera"],
  ["Valentina", "Gómez"],
  ["Jimena", "Díaz"],
  ["Carolina", "Cruz"],
  ["Gabriela", "Morales"],
  ["Isabel", "Reyes"],
  ["Luis", "Jiménez"],
  ["Carlos", "Vargas"],
  ["Jorge", "Romero"],
  ["Emilio", "Aguilar"],
  ["Pablo", "Medina"],
  ["Rodrigo", "Navarro"],
  ["Andrés", "Silva"],
  ["Miguel", "Herrera"],
];

const REASONS = ["Instagram", "Recomendación de un amigo", "Pasé por el estudio", "Google", "Otro"];

const strip = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

export const DEMO_PEOPLE: { admin: Person; customer: Person; fillers: Person[] } = {
  admin: {
    email: DEMO_ADMIN_EMAIL,
    name: "Admin",
    last_name: "Pulso",
    phone: "5500000001",
    role: "admin",
  },
  customer: {
    email: DEMO_CUSTOMER_EMAIL,
    name: "Ana",
    last_name: "López",
    phone: "5512345678",
    role: "customer",
    birthdate: "1991-04-12",
    instagram: "ana.lopez.mx",
    signup_reason: "Instagram",
  },
  fillers: FILLER_NAMES.map(([name, last_name], i) => ({
    email: `${strip(name)}.${strip(last_name)[0]}@demo.mx`,
    name,
    last_name,
    phone: `55${String(20000000 + i * 137_911).padStart(8, "0")}`,
    role: "customer" as const,
    birthdate: `${1980 + (i % 20)}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")}`,
    signup_reason: REASONS[i % REASONS.length],
  })),
};

const allPeople = () => [DEMO_PEOPLE.admin, DEMO_PEOPLE.customer, ...DEMO_PEOPLE.fillers];

/**
 * The demo's team besides the owner (decision 0031): staff logins without a customer record. Each
 * coach login manages the demo coach profile of the same slug (their classes, roster, bio).
 */
export const DEMO_STAFF: (Person & { coach?: string })[] = [
  { email: "gerente@demo.mx", name: "Mónica", last_name: "Salinas", phone: "", role: "manager" },
  { email: "recepcion@demo.mx", name: "Rosa", last_name: "Méndez", phone: "", role: "front_desk" },
  {
    email: "valeria@demo.mx",
    name: "Valeria",
    last_name: "Coach",
    phone: "",
    role: "coach",
    coach: "valeria",
  },
  {
    email: "santiago@demo.mx",
    name: "Santiago",
    last_name: "Coach",
    phone: "",
    role: "coach",
    coach: "santiago",
  },
];

/** Every demo login's email: seeding the demo treats logins with these as its own. */
export const DEMO_EMAILS = [...allPeople(), ...DEMO_STAFF].map((p) => p.email);

/**
 * Creates the demo logins through opts.createUser (better-auth hashes the passwords). Runs before
 * the demo's seeding transaction: better-auth writes through its own connection, which on PGlite
 * would wait forever for our open transaction. An email that already exists (an earlier,
 * interrupted run, or another instance seeding at the same moment) is reused instead of created
 * twice.
 */
export async function createDemoUsers(
  db: Db,
  createUser: SeedDemoStudioOptions["createUser"],
): Promise<Map<string, string>> {
  const uids = new Map<string, string>();
  const findUser = async (email: string) =>
    (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id;
  for (const p of [...allPeople(), ...DEMO_STAFF]) {
    let id = await findUser(p.email);
    if (!id) {
      try {
        id = await createUser({
          email: p.email,
          password: DEMO_PASSWORD,
          name: `${p.name} ${p.last_name}`,
          role: p.role,
        });
      } catch (error) {
        // Another instance seeding at the same time created it first: use theirs.
        id = await findUser(p.email);
        if (!id) throw error;
      }
    }
    uids.set(p.email, id);
  }
  return uids;
}

export type People = Awaited<ReturnType<typeof seedPeople>>;

export async function seedPeople(
  db: Db,
  uids: Map<string, string>,
  ctx: { termsPageId: number; levelFieldId: number },
) {
  const people = allPeople();
  const rows = await db
    .insert(customers)
    .values(
      people.map((p) => ({
        uid: uids.get(p.email),
        name: p.name,
        last_name: p.last_name,
        email: p.email,
        phone: p.phone,
        birthdate: p.birthdate ?? null,
        instagram: p.instagram ?? null,
        signup_reason: p.signup_reason ?? null,
        signup_reason_other: p.signup_reason === "Otro" ? "Me lo regalaron de cumpleaños" : null,
      })),
    )
    .returning();
  // One row per person of allPeople(), in its order: the admin, Ana, then the fillers.
  const [admin, ana, ...fillers] = rows;
  if (!admin || !ana) throw new Error("the demo people start with the admin and Ana");

  await db.insert(addresses).values({
    customer_id: ana.customer_id,
    street: "Calle Colima",
    number: "215",
    interior_number: "4B",
    neighborhood: "Roma Norte",
    city: "Ciudad de México",
    state: "CDMX",
    country: "México",
    zip_code: "06700",
  });
  // Everyone who signed up accepted the terms; the admin did too.
  await db
    .insert(accepted_pages)
    .values(rows.map((c) => ({ page_id: ctx.termsPageId, customer_id: c.customer_id })));
  await db.insert(customer_field_values).values({
    customer_id: ana.customer_id,
    custom_field_id: ctx.levelFieldId,
    value: "Intermedio",
  });

  return { admin, ana, fillers };
}

/**
 * Sign-up dates that tell a studio's story: inserted rows would all say "today", so the dashboard
 * showed every demo customer as new this month, most of them after purchases months old. Each
 * customer registered shortly before their first purchase or booking (their sign-up fees are
 * spread over the last four months, demo-commerce), so the sign-ups follow the same months. The
 * admin's account is the oldest. Runs after commerce and bookings.
 */
export async function backdateSignups(db: Db, now: Date) {
  const firstOf = async (table: typeof purchases | typeof class_reservations) =>
    new Map(
      (
        await db
          .select({ id: table.customer_id, at: min(table.createdAt) })
          .from(table)
          .groupBy(table.customer_id)
      ).map((r) => [r.id, r.at ?? now]),
    );
  const bought = await firstOf(purchases);
  const booked = await firstOf(class_reservations);
  const people = await db
    .select({ id: customers.customer_id })
    .from(customers)
    .orderBy(asc(customers.customer_id));
  for (const [i, { id }] of people.entries()) {
    const first = Math.min(
      (bought.get(id) ?? now).getTime(),
      (booked.get(id) ?? now).getTime(),
      now.getTime(),
    );
    // The sign-up fee is paid on signing up: a few hours to two days before. The admin (first
    // row) opened the studio's account 200 days ago.
    const hours = i === 0 ? 200 * 24 : 2 + ((i * 7) % 46);
    const createdAt = new Date(first - hours * (DAY_MS / 24));
    await db.update(customers).set({ createdAt }).where(eq(customers.customer_id, id));
  }
}

/** Links the demo coach logins to their coach profiles (DEMO_STAFF's `coach` slugs). */
export async function linkDemoCoaches(
  db: Db,
  uids: Map<string, string>,
  coaches: Record<string, { instructor_id: number }>,
) {
  for (const p of DEMO_STAFF) {
    const profile = p.coach ? coaches[p.coach] : undefined;
    const uid = uids.get(p.email);
    if (!profile || !uid) continue;
    await db
      .update(instructors)
      .set({ user_id: uid })
      .where(eq(instructors.instructor_id, profile.instructor_id));
  }
}

/** A note the desk marked for the coaches, so a coach's roster shows one (Ana books every week). */
export async function seedCoachNote(db: Db, customerId: number, uids: Map<string, string>) {
  await db.insert(customer_notes).values({
    customer_id: customerId,
    body: "Lesión leve en el hombro derecho: evitar cargas por encima de la cabeza.",
    visible_to_coaches: true,
    author_user_id: uids.get("recepcion@demo.mx") ?? null,
  });
}
