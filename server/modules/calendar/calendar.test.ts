import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduleAnswer } from "../../../domain/api/calendar";
import { addLocalDays, localDay, zonedInstant } from "../../../domain/booking";
import { class_categories, single_class_tags, single_classes } from "../../db/schema/calendar";
import { tags } from "../../db/schema/content";
import { book, makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { only } from "../../test/fixtures";

// Runs on PostgreSQL too: the studio's weeks and days under a machine zone far from it (docs/decisions/0061).

const MX = "America/Mexico_City";
let t: TestApp;
let studio: Studio;
// A week that starts next Monday-ish: far enough to be in the future, fixed relative to today.
const start = addLocalDays(localDay(new Date(), MX), 3);

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

const schedule = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/single_class?${query}`, headers });

describe("GET /api/single_class", () => {
  it("groups by the studio's local day (23:30 stays on its day) and lists every day of the range", async () => {
    const late = await makeClass(t.app, studio, { at: zonedInstant(start, "23:30", MX) });
    const early = await makeClass(t.app, studio, {
      at: zonedInstant(addLocalDays(start, 1), "00:15", MX),
      type: "yoga",
      location: "polanco",
    });
    const res = await schedule(`start_date=${start}&end_date=${addLocalDays(start, 6)}`);
    expect(res.statusCode).toBe(200);
    // Written by the service, not the response serializer: checked against its contract here.
    scheduleAnswer.parse(res.json());
    const { days } = res.json();
    expect(days.map((d: { date: string }) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addLocalDays(start, i)),
    );
    expect(days[0].single_classes.map((c: { single_class_id: number }) => c.single_class_id)).toEqual([
      late.single_class_id,
    ]);
    expect(days[1].single_classes.map((c: { single_class_id: number }) => c.single_class_id)).toEqual([
      early.single_class_id,
    ]);
    // The home page's contract.
    const c = days[0].single_classes[0];
    expect(c).toMatchObject({
      single_class_id: late.single_class_id,
      class_date: zonedInstant(start, "23:30", MX).toISOString(),
      duration_minutes: 50,
      capacity: 10,
      class_type: {
        class_type_id: studio.cycling.class_type_id,
        name: "Cycling",
        color: "#e8590c",
        spot_map: "2,3",
      },
      location: { location_id: studio.roma.location_id, name: "Roma" },
      class_instructors: [
        {
          instructor: {
            instructor_id: studio.coach.instructor_id,
            name: "Vale",
            last_name: "Ruiz",
            nick_name: null,
          },
        },
      ],
      tags: [],
      reserved: 0,
      available: 10,
      taken_spots: [],
    });
    // A visitor has no reservations; a signed-in customer's are listed apart (my_reservations).
    expect(res.json().my_reservations).toEqual([]);
  });

  it("filters by location, type, instructor and category, and leaves cancelled classes out", async () => {
    const day = addLocalDays(start, 10);
    const cat = only(await t.app.db.insert(class_categories).values({ name: "Cardio" }).returning());
    const roma = await makeClass(t.app, studio, { at: zonedInstant(day, "09:00", MX) });
    await t.app.db
      .update(single_classes)
      .set({ class_category_id: cat.class_category_id })
      .where(eq(single_classes.single_class_id, roma.single_class_id));
    const pol = await makeClass(t.app, studio, {
      at: zonedInstant(day, "10:00", MX),
      location: "polanco",
      type: "reformer",
    });
    const gone = await makeClass(t.app, studio, { at: zonedInstant(day, "11:00", MX) });
    await t.app.db
      .update(single_classes)
      .set({ cancelledAt: new Date() })
      .where(eq(single_classes.single_class_id, gone.single_class_id));
    const tag = only(
      await t.app.db.insert(tags).values({ name: "Principiantes", color: "#00ff00" }).returning(),
    );
    await t.app.db
      .insert(single_class_tags)
      .values({ single_class_id: pol.single_class_id, tag_id: tag.tag_id });
    const ids = async (q: string) =>
      (await schedule(`start_date=${day}&end_date=${day}&${q}`))
        .json()
        .days[0].single_classes.map((c: { single_class_id: number }) => c.single_class_id);
    expect(await ids("")).toEqual([roma.single_class_id, pol.single_class_id]);
    expect(await ids(`location=${studio.polanco.location_id}`)).toEqual([pol.single_class_id]);
    expect(await ids(`class_type_id=${studio.cycling.class_type_id}`)).toEqual([roma.single_class_id]);
    expect(await ids(`class_category_id=${cat.class_category_id}`)).toEqual([roma.single_class_id]);
    expect(await ids(`instructor_id=${studio.coach.instructor_id}`)).toHaveLength(2);
    expect(await ids("instructor_id=99999")).toEqual([]);
    const polClass = (
      await schedule(`start_date=${day}&end_date=${day}&location=${studio.polanco.location_id}`)
    ).json().days[0].single_classes[0];
    expect(polClass.tags).toEqual([{ tag_id: tag.tag_id, name: "Principiantes", color: "#00ff00" }]);
    expect(polClass.class_type.custom_spot_map).toMatchObject({ rows: 2, columns: 3 });
  });

  it("shows my reservation only to me, and seats and spots to everyone", async () => {
    const day = addLocalDays(start, 20);
    const c = await makeClass(t.app, studio, { at: zonedInstant(day, "08:00", MX) });
    const me = await makeCustomer(t, { credits: 2 });
    await book(t, me.headers, {
      single_class_id: c.single_class_id,
      spot: "2",
      guest: "Sofía",
      guest_spot: "5",
    });
    const q = `start_date=${day}&end_date=${day}`;
    const mine = (await schedule(q, me.headers)).json();
    expect(mine.days[0].single_classes[0]).toMatchObject({
      reserved: 2,
      available: 8,
      taken_spots: ["2", "5"],
    });
    expect(mine.my_reservations).toEqual([
      {
        single_class_id: c.single_class_id,
        class_reservation_id: expect.any(Number),
        spot: "2",
        guest: { class_reservation_id: expect.any(Number), name: "Sofía", spot: "5" },
      },
    ]);
    const visitor = (await schedule(q)).json();
    const other = (await schedule(q, (await makeCustomer(t)).headers)).json();
    for (const view of [visitor, other]) {
      expect(view.days[0].single_classes[0]).toMatchObject({ reserved: 2, taken_spots: ["2", "5"] });
      expect(view.my_reservations).toEqual([]);
      expect(JSON.stringify(view)).not.toContain("Sofía");
      expect(JSON.stringify(view)).not.toContain("customer_id");
    }
  });

  it("rejects bad ranges with 400 and Spanish messages", async () => {
    expect((await schedule(`start_date=${start}&end_date=${addLocalDays(start, -1)}`)).statusCode).toBe(400);
    expect((await schedule(`start_date=${start}&end_date=${addLocalDays(start, 90)}`)).statusCode).toBe(400);
    const bad = await schedule("start_date=2025-13-40");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTypeOf("string");
    expect((await schedule("location=abc")).statusCode).toBe(400);
  });

  it("serves one class, 404 for an unknown one", async () => {
    const c = await makeClass(t.app, studio, { at: zonedInstant(addLocalDays(start, 2), "09:00", MX) });
    const res = await t.app.inject({ url: `/api/single_class/single/${c.single_class_id}` });
    expect(res.json().single_class.single_class_id).toBe(c.single_class_id);
    expect((await t.app.inject({ url: "/api/single_class/single/999999" })).statusCode).toBe(404);
  });
});

describe("GET /api/single_class: compressed answers and each caller's own part", () => {
  const week = (offset: number) =>
    `start_date=${addLocalDays(start, offset)}&end_date=${addLocalDays(start, offset + 6)}`;
  const raw = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/single_class?${query}`, headers });
  const mine = async (query: string, headers: Record<string, string>) =>
    (await schedule(query, headers))
      .json()
      .my_reservations.map((r: { single_class_id: number }) => r.single_class_id);

  it("answers gzip or brotli that decompress to the plain answer, and plain JSON to a client without either", async () => {
    const q = week(30);
    const c = await makeClass(t.app, studio, { at: zonedInstant(addLocalDays(start, 31), "07:00", MX) });
    await makeClass(t.app, studio, {
      at: zonedInstant(addLocalDays(start, 32), "07:00", MX),
      location: "polanco",
    });
    const booker = await makeCustomer(t, { credits: 2 });
    expect(
      (await book(t, booker.headers, { single_class_id: c.single_class_id, guest: "Ana" })).statusCode,
    ).toBe(200);
    const idle = await makeCustomer(t);
    for (const who of [booker.headers, idle.headers, {}]) {
      const plain = await raw(q, who);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-type"]).toMatch(/^application\/json/);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const body = plain.json();
      expect(body.days.flatMap((d: { single_classes: unknown[] }) => d.single_classes)).toHaveLength(2);
      const gz = await raw(q, { ...who, "accept-encoding": "gzip, deflate" });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(gz.headers["content-length"])).toBe(gz.rawPayload.length);
      expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
      const br = await raw(q, { ...who, "accept-encoding": "gzip, deflate, br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      // "Not acceptable" is honoured: gzip;q=0 with br;q=0 leaves nothing this route pre-compresses.
      const refused = await raw(q, { ...who, "accept-encoding": "br;q=0, gzip;q=0" });
      expect(refused.headers["content-encoding"]).toBeUndefined();
      expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
      const opted = await raw(q, { ...who, "accept-encoding": "gzip", "x-no-compression": "1" });
      expect(opted.headers["content-encoding"]).toBeUndefined();
      expect(opted.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
    const booked = (await raw(q, booker.headers)).json().my_reservations;
    expect(booked).toMatchObject([{ single_class_id: c.single_class_id, guest: { name: "Ana" } }]);
  });

  it("never gives one customer's reservations to another, even right after theirs was cached", async () => {
    const q = week(40);
    const c = await makeClass(t.app, studio, { at: zonedInstant(addLocalDays(start, 41), "07:00", MX) });
    const a = await makeCustomer(t, { credits: 1 });
    const b = await makeCustomer(t, { credits: 1 });
    expect((await book(t, a.headers, { single_class_id: c.single_class_id })).statusCode).toBe(200);
    for (const encoding of ["", "gzip", "br"]) {
      const withEncoding = (h: Record<string, string>) =>
        encoding ? { ...h, "accept-encoding": encoding } : h;
      const first = await raw(q, withEncoding(a.headers));
      const second = await raw(q, withEncoding(b.headers));
      const decode = (payload: Buffer) =>
        JSON.parse(
          (encoding === "gzip"
            ? gunzipSync(payload)
            : encoding === "br"
              ? brotliDecompressSync(payload)
              : payload
          ).toString(),
        );
      expect(decode(first.rawPayload).my_reservations).toMatchObject([
        { single_class_id: c.single_class_id },
      ]);
      expect(decode(second.rawPayload).my_reservations).toEqual([]);
    }
  });

  it("shows a customer's booking and cancellation in their very next week", async () => {
    const q = week(50);
    const c = await makeClass(t.app, studio, { at: zonedInstant(addLocalDays(start, 52), "07:00", MX) });
    const me = await makeCustomer(t, { credits: 1 });
    expect(await mine(q, me.headers)).toEqual([]);
    const booked = await book(t, me.headers, { single_class_id: c.single_class_id });
    expect(booked.statusCode).toBe(200);
    const after = (await schedule(q, me.headers)).json();
    expect(after.my_reservations.map((r: { single_class_id: number }) => r.single_class_id)).toEqual([
      c.single_class_id,
    ]);
    const card = after.days.flatMap(
      (d: { single_classes: { single_class_id: number }[] }) => d.single_classes,
    )[0];
    expect(card).toMatchObject({ single_class_id: c.single_class_id, reserved: 1 });
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${after.my_reservations[0].class_reservation_id}`,
      headers: me.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await mine(q, me.headers)).toEqual([]);
  });
});

describe("catalogue", () => {
  it("lists class types (with spot maps), locations, categories and custom spot maps", async () => {
    const types = (await t.app.inject({ url: "/api/class_types" })).json().class_types;
    expect(types.map((x: { name: string }) => x.name)).toEqual(["Cycling", "Reformer", "Yoga"]);
    expect(types[1].custom_spot_map.spots.A2).toEqual({ label: "Coach", selectable: false });
    const locs = (await t.app.inject({ url: "/api/locations" })).json().locations;
    expect(locs.map((l: { name: string }) => l.name)).toEqual(["Roma", "Polanco"]);
    expect((await t.app.inject({ url: "/api/class_categories" })).statusCode).toBe(200);
    const available = (await t.app.inject({ url: "/api/class_categories/available" })).json()
      .class_categories;
    expect(available.map((c: { name: string }) => c.name)).toEqual(["Cardio"]);
    const maps = (await t.app.inject({ url: "/api/custom_spot_maps" })).json().custom_spot_maps;
    expect(maps).toHaveLength(1);
    expect(
      (await t.app.inject({ url: `/api/custom_spot_maps/${maps[0].custom_spot_map_id}` })).json()
        .custom_spot_map.rows,
    ).toBe(2);
    expect((await t.app.inject({ url: "/api/custom_spot_maps/9999" })).statusCode).toBe(404);
  });
});
