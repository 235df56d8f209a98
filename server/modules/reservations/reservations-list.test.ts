import { describe, expect, it } from "vitest";
import { single_classes } from "../../db/schema/calendar";
import { class_reservations } from "../../db/schema/reservations";
import { DAY, HOUR, makeCustomer, studioSuite } from "../../test/booking";
import { firstOf, only } from "../../test/fixtures";

const suite = studioSuite();

type Listed = { class_reservation_id: number; single_class: { class_date: string }; guest: string | null };
type Page = { reservations: Listed[]; max: number; next: string | null };

const list = async (headers: Record<string, string>, query: string): Promise<Page> => {
  const res = await suite.t.app.inject({ url: `/api/class_reservations${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** Classes at the given times (several may share one), in one statement. */
async function classesAt(times: Date[]) {
  return suite.t.app.db
    .insert(single_classes)
    .values(
      times.map((at) => ({
        class_date: at,
        capacity: 10,
        class_type_id: suite.studio.cycling.class_type_id,
        location_id: suite.studio.roma.location_id,
        description: "Clase de prueba",
      })),
    )
    .returning();
}

async function reserve(customerId: number, classes: { single_class_id: number }[]) {
  return suite.t.app.db
    .insert(class_reservations)
    .values(
      classes.map((c) => ({
        single_class_id: c.single_class_id,
        customer_id: customerId,
        paid_with: "admin",
      })),
    )
    .returning();
}

/** Every page through the `next` cursor, from the first. */
async function walk(headers: Record<string, string>, filter: string) {
  const pages: Page[] = [];
  let query = `?filter=${filter}`;
  for (;;) {
    const page = await list(headers, query);
    pages.push(page);
    if (!page.next) return pages;
    expect(pages.length).toBeLessThan(10);
    query = `?filter=${filter}&after=${encodeURIComponent(page.next)}`;
  }
}

const ids = (pages: Page[]) => pages.flatMap((p) => p.reservations.map((r) => r.class_reservation_id));

describe("GET /api/class_reservations: keyset pages (after=)", () => {
  it("walks every page once, in a total order, with classes at the same hour; only my rows", async () => {
    const me = await makeCustomer(suite.t);
    const other = await makeCustomer(suite.t);
    // 70 past classes at ONE hour (ties broken by id) and 50 at distinct hours, older.
    const sameHour = new Date(Date.now() - 3 * DAY);
    const tied = await classesAt(Array.from({ length: 70 }, () => sameHour));
    const older = await classesAt(Array.from({ length: 50 }, (_, i) => new Date(Date.now() - (4 + i) * DAY)));
    const mine = await reserve(me.customerId, [...tied, ...older]);
    // Someone else in the same classes, and a guest of mine (shown on its host's row, not as a row).
    await reserve(other.customerId, [...tied.slice(0, 30), ...older.slice(0, 30)]);
    await suite.t.app.db.insert(class_reservations).values({
      single_class_id: firstOf(tied).single_class_id,
      customer_id: me.customerId,
      guest: "Sofía",
      guest_of_id: firstOf(mine).class_reservation_id,
      paid_with: "admin",
    });

    const pages = await walk(me.headers, "all");
    expect(pages.map((p) => p.reservations.length)).toEqual([50, 50, 20]);
    expect(pages.every((p) => p.max === 120)).toBe(true);
    const walked = ids(pages);
    expect(new Set(walked).size).toBe(120);
    const dateOf = new Map(
      [...tied, ...older].map((c) => [c.single_class_id, c.class_date.getTime()] as const),
    );
    const expected = [...mine]
      .sort(
        (a, b) =>
          dateOf.get(b.single_class_id)! - dateOf.get(a.single_class_id)! ||
          b.class_reservation_id - a.class_reservation_id,
      )
      .map((r) => r.class_reservation_id);
    expect(walked).toEqual(expected);
    expect(
      pages
        .flatMap((p) => p.reservations)
        .find((r) => r.class_reservation_id === firstOf(mine).class_reservation_id)?.guest,
    ).toBe("Sofía");

    // Older clients' page= numbers list the same order.
    const numbered = [
      await list(me.headers, "?page=1"),
      await list(me.headers, "?page=2"),
      await list(me.headers, "?page=3"),
    ];
    expect(ids(numbered)).toEqual(expected);
    expect(numbered[2]?.next).toBeNull();

    // The other customer sees only their own 60.
    const theirs = ids(await walk(other.headers, "all"));
    expect(theirs).toHaveLength(60);
    expect(theirs.some((id) => walked.includes(id))).toBe(false);
  });

  it("a reservation made between two pages neither repeats nor hides a row of the next page", async () => {
    const me = await makeCustomer(suite.t);
    const classes = await classesAt(
      Array.from({ length: 60 }, (_, i) => new Date(Date.now() + (i + 1) * HOUR)),
    );
    await reserve(me.customerId, classes);
    const first = await list(me.headers, "?filter=upcoming");
    expect(first.reservations).toHaveLength(50);
    // Upcoming reads soonest first: a new class sooner than all of them lands before the cursor.
    const sooner = only(await classesAt([new Date(Date.now() + 30 * 60_000)]));
    await reserve(me.customerId, [sooner]);
    const second = await list(me.headers, `?filter=upcoming&after=${encodeURIComponent(first.next!)}`);
    expect(second.reservations).toHaveLength(10);
    expect(second.next).toBeNull();
    expect(second.max).toBe(61);
    const seen = [...ids([first]), ...ids([second])];
    expect(new Set(seen).size).toBe(60);
    const dates = [...first.reservations, ...second.reservations].map((r) =>
      Date.parse(r.single_class.class_date),
    );
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

  it("Todas lists upcoming soonest first, then past latest first; Próximas and Pasadas agree, on every page", async () => {
    const me = await makeCustomer(suite.t);
    // 40 upcoming (the farthest booked first) and 40 past, interleaved by id.
    const upcoming = await classesAt(
      Array.from({ length: 40 }, (_, i) => new Date(Date.now() + (40 - i) * HOUR)),
    );
    const past = await classesAt(Array.from({ length: 40 }, (_, i) => new Date(Date.now() - (i + 1) * HOUR)));
    const mine = await reserve(me.customerId, [...upcoming, ...past]);
    const dateOf = new Map(mine.map((r) => [r.class_reservation_id, r.class_date!.getTime()] as const));
    const now = Date.now();
    const soonest = (a: number, b: number) => dateOf.get(a)! - dateOf.get(b)!;
    const future = [...dateOf.keys()].filter((id) => dateOf.get(id)! >= now).sort(soonest);
    const before = [...dateOf.keys()].filter((id) => dateOf.get(id)! < now).sort((a, b) => soonest(b, a));
    const all = await walk(me.headers, "all");
    expect(all.map((p) => p.reservations.length)).toEqual([50, 30]);
    expect(ids(all)).toEqual([...future, ...before]);
    const numbered = [await list(me.headers, "?page=1"), await list(me.headers, "?page=2")];
    expect(ids(numbered)).toEqual([...future, ...before]);
    expect(ids(await walk(me.headers, "upcoming"))).toEqual(future);
    expect(ids(await walk(me.headers, "past"))).toEqual(before);
  });

  it("a class the studio moves moves in the list: the page reads the class's new date, and a new seat gets its date", async () => {
    const me = await makeCustomer(suite.t);
    const admin = (await suite.t.signUp({ role: "admin" })).headers;
    const [soon, later] = await classesAt([new Date(Date.now() + 2 * DAY), new Date(Date.now() + 5 * DAY)]);
    await reserve(me.customerId, [soon!, later!]);
    const before = await list(me.headers, "?filter=upcoming");
    expect(before.reservations.map((r) => Date.parse(r.single_class.class_date))).toEqual([
      soon!.class_date.getTime(),
      later!.class_date.getTime(),
    ]);

    // The studio moves the sooner class past the other (the form sends the studio's local time):
    // upcoming reads soonest first.
    const zone = (await suite.t.app.appConfig.get()).timezone;
    const local = new Date(Date.now() + 9 * DAY).toLocaleString("sv-SE", { timeZone: zone }).slice(0, 16);
    const res = await suite.t.app.inject({
      method: "PUT",
      url: "/api/single_class",
      headers: admin,
      payload: { single_class_id: soon!.single_class_id, class_date: local.replace(" ", "T") },
    });
    expect(res.statusCode).toBe(200);
    const moved = new Date(res.json().single_class.class_date);
    expect(moved.getTime()).toBeGreaterThan(later!.class_date.getTime());
    const after = await list(me.headers, "?filter=upcoming");
    expect(after.reservations.map((r) => r.single_class.class_date)).toEqual([
      later!.class_date.toISOString(),
      moved.toISOString(),
    ]);
    // A seat taken after the move lists at the class's date too (filled by the database on insert).
    const other = await makeCustomer(suite.t);
    await reserve(other.customerId, [soon!]);
    const theirs = await list(other.headers, "?filter=upcoming");
    expect(theirs.reservations.map((r) => r.single_class.class_date)).toEqual([moved.toISOString()]);
  });

  it("an empty list, a cursor past the end and a malformed cursor", async () => {
    const me = await makeCustomer(suite.t);
    expect(await list(me.headers, "")).toMatchObject({ reservations: [], max: 0, next: null });
    expect(await list(me.headers, "?after=1_1")).toMatchObject({ reservations: [], max: 0, next: null });
    for (const bad of ["abc", "1_0", "1_99999999999", "-5_3"]) {
      const res = await suite.t.app.inject({
        url: `/api/class_reservations?after=${bad}`,
        headers: me.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[áéíóúñ]|revisa|inválid|datos/i);
    }
  });

  it("a signed-out session is refused at once by the same instance, though it was just remembered", async () => {
    const me = await makeCustomer(suite.t);
    await list(me.headers, "");
    const out = await suite.t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: me.headers,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await suite.t.app.inject({ url: "/api/class_reservations", headers: me.headers });
    expect(after.statusCode).toBe(401);
    const feed = await suite.t.app.inject({
      url: "/api/class_reservations/calendar-feed",
      headers: me.headers,
    });
    expect(feed.statusCode).toBe(401);
  });
});
