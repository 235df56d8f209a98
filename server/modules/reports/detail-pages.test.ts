import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customerValueBehind,
  customerValueReport,
  customerValueReportOfSums,
  RETENTION_GROUPS,
  retentionBehindOf,
} from "../../../domain/reports/customers";
import { periodInstants } from "../../../domain/reports/period";
import { classesBehind, UTILISATION_DIMENSIONS } from "../../../domain/reports/utilisation";
import { customers } from "../../db/schema/customers";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage } from "../../test/commerce";
import { uniquePhone } from "../../test/customers";
import { only } from "../../test/fixtures";
import { BY_NAME, retentionCustomersPage, valueCustomersPage } from "./customer-lists.repository";
import { customerValueSums, customerValues, retentionActivity } from "./customers.repository";
import { classesBehindPage, classFacts } from "./utilisation.repository";

// Runs on PostgreSQL too. The drill-downs answer one page at a time (decision 0138): the pages
// of a list add up to the whole list, in a stable order, with its length in `total`; the CSV is
// the whole list; and the database's filter matches the domain's (domain/reports/*Behind).

let t: TestApp;
let owner: Record<string, string>;
let studio: Studio;
const TZ = "America/Mexico_City";
const period = "from=2022-10-01&to=2022-11-30";
// Names that sort differently by bytes and by Spanish: accents, ñ after n, case, a repeated name.
const NAMES = ["Zoe", "Óscar", "ana", "Ñoño", "Ana", "Nuria", "Beto"];
const SPANISH_ORDER = ["Ana", "ana", "Beto", "Nuria", "Ñoño", "Óscar", "Zoe"];
const ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await t.signUp({ role: "admin" })).headers;
  studio = await makeStudio(t.app);
  const db = t.app.db;
  const pack = await addPackage(t, { title: "5 Clases", price: "500.00", class_amount: 5 });
  for (const [i, name] of NAMES.entries()) {
    const c = await makeCustomer(t, { credits: 1 + i });
    ids.push(c.customerId);
    await db
      .update(customers)
      .set({
        name,
        last_name: null,
        signup_reason: i % 2 ? "Instagram" : null,
        createdAt: new Date(`2022-10-0${i + 2}T18:00:00Z`),
      })
      .where(eq(customers.customer_id, c.customerId));
    // Two customers paid the same (the order falls back to the id), the rest different amounts.
    const price = String(100 * Math.max(1, i - 1));
    const p = only(
      await db
        .insert(purchases)
        .values({
          customer_id: c.customerId,
          class_package_id: pack.class_package_id,
          title: pack.title,
          amount: price,
          total_payment: price,
          status: "completed",
          createdAt: new Date("2022-10-10T18:00:00Z"),
        })
        .returning(),
    );
    await db.insert(invoices).values({
      purchase_id: p.purchase_id,
      customer_id: c.customerId,
      total_payment: price,
      status: "paid",
      createdAt: new Date("2022-10-10T18:00:00Z"),
    });
    // Everyone in October, one class each; every other one again in November (the rest churned).
    const visits = i % 2 ? ["2022-10-0", "2022-11-1"] : ["2022-10-0"];
    // Three of them came before the period too (their first month is September).
    if (i < 3) visits.push("2022-09-1");
    for (const day of visits) {
      const cls = await makeClass(t.app, studio, {
        at: new Date(`${day}${i + 1}T14:00:00Z`),
        location: i % 3 ? "roma" : "polanco",
      });
      await db
        .insert(class_reservations)
        .values({ single_class_id: cls.single_class_id, customer_id: c.customerId });
    }
  }
});
afterAll(() => t.close());

async function get(url: string) {
  return t.app.inject({ method: "GET", url, headers: owner });
}

/** Each list: its path with the figure, the field with its rows and what tells a row apart. */
const LISTS = [
  { path: `utilizacion/detalle?${period}&dimension=all&key=all`, rows: "classes", id: "single_class_id" },
  { path: `retencion/detalle?${period}&group=active&key=2022-10`, rows: "customers", id: "customer_id" },
  { path: `valor-de-clientes/detalle?${period}&key=all`, rows: "customers", id: "customer_id" },
  { path: `ingresos/detalle?${period}&dimension=all&key=all`, rows: "movements", id: "id" },
  { path: "pasivo/detalle?key=all", rows: "buckets", id: "available_class_id" },
] as const;

describe("report drill-downs, one page at a time (decision 0138)", () => {
  it.each(LISTS)("$path: the pages add up to the whole list, in the same order", async (list) => {
    const page = async (limit: number, offset: number) => {
      const res = await get(`/api/reportes/${list.path}&limit=${limit}&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return { ...body, keys: body[list.rows].map((r: Record<string, unknown>) => r[list.id]) };
    };
    const whole = await page(200, 0);
    expect(whole.total).toBe(whole.keys.length);
    expect(whole.total).toBeGreaterThanOrEqual(7);
    const paged: unknown[] = [];
    for (let offset = 0; offset < whole.total; offset += 3) {
      const p = await page(3, offset);
      expect(p).toMatchObject({ total: whole.total, limit: 3, offset });
      // Every page is full but the last, which holds what is left.
      expect(p.keys).toHaveLength(Math.min(3, whole.total - offset));
      paged.push(...p.keys);
    }
    expect(paged).toEqual(whole.keys);
    // Past the last page: no rows, and still the list's length.
    expect(await page(3, whole.total + 3)).toMatchObject({ total: whole.total, keys: [] });
    // No limit asked: the first 50.
    const first = (await get(`/api/reportes/${list.path}`)).json();
    expect(first).toMatchObject({ total: whole.total, limit: 50, offset: 0 });
  });

  it("orders customers by name as Spanish sorts them, the same name by id", async () => {
    const body = (
      await get(`/api/reportes/retencion/detalle?${period}&group=active&key=2022-10&limit=4`)
    ).json();
    expect(body.total).toBe(7);
    expect(body.customers.map((c: { customer: string }) => c.customer)).toEqual(SPANISH_ORDER.slice(0, 4));
    const [a, b] = body.customers;
    expect(a.customer_id).toBe(ids[NAMES.indexOf("Ana")]);
    expect(b.customer_id).toBe(ids[NAMES.indexOf("ana")]);
  });

  it("follows a name the studio edits: accents aside, the same name by id (docs/decisions/0141)", async () => {
    const edit = async (customerId: number | undefined, name: string, last_name: string) => {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/customer",
        headers: owner,
        payload: { customer_id: customerId, name, last_name, phone: uniquePhone() },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const zoe = ids[NAMES.indexOf("Zoe")];
    const beto = ids[NAMES.indexOf("Beto")];
    try {
      await edit(zoe, "Ana", "Pérez");
      await edit(beto, "Ana", "Pérez");
      const body = (await get(`/api/reportes/retencion/detalle?${period}&group=active&key=2022-10`)).json();
      expect(
        body.customers.map((c: { customer_id: number; customer: string }) => [c.customer, c.customer_id]),
      ).toEqual([
        ["Ana", ids[NAMES.indexOf("Ana")]],
        ["ana", ids[NAMES.indexOf("ana")]],
        ["Ana Pérez", zoe],
        ["Ana Pérez", beto],
        ["Nuria", ids[NAMES.indexOf("Nuria")]],
        ["Ñoño", ids[NAMES.indexOf("Ñoño")]],
        ["Óscar", ids[NAMES.indexOf("Óscar")]],
      ]);
    } finally {
      for (const [id, name] of [
        [zoe, "Zoe"],
        [beto, "Beto"],
      ] as const) {
        await t.app.db
          .update(customers)
          .set({ name, last_name: null, phone: null })
          .where(eq(customers.customer_id, id!));
      }
    }
  });

  it("the order is the one customers_name_order_idx holds, so a page is read from it (docs/decisions/0141)", async () => {
    // With sorting priced out, the planner reads the index only if the ORDER BY spells its expressions.
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = (await tx.execute(
        sql`explain (costs off) select u.customer_id from customers u order by ${BY_NAME} limit 3`,
      )) as unknown as { rows: Record<string, string>[] };
      return rows.map((r) => Object.values(r).join(" ")).join("\n");
    });
    expect(plan).toContain("customers_name_order_idx");
    expect(plan).not.toMatch(/Sort/);
  });

  it("the CSV holds the whole list whatever the page asked", async () => {
    const csv = await get(`/api/reportes/retencion/detalle/csv?${period}&group=active&key=2022-10&limit=2`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split("\n")).toHaveLength(1 + 7);
    // Streamed in pieces (docs/decisions/0141): no length known up front, the same text.
    expect(csv.headers["content-length"]).toBeUndefined();
    expect(csv.headers["transfer-encoding"]).toBe("chunked");
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body.startsWith("\uFEFFCliente,")).toBe(true);
    const classes = await get(
      `/api/reportes/utilizacion/detalle/csv?${period}&dimension=all&key=all&limit=1`,
    );
    expect(classes.body.trim().split("\n")).toHaveLength(1 + 10); // 7 October classes, 3 in November (September is outside)
  });

  it.each(["limit=0", "limit=201", "limit=muchos", "offset=-1", "limit=2.5"])(
    "%s is a Spanish 400",
    async (paging) => {
      const res = await get(`/api/reportes/valor-de-clientes/detalle?${period}&key=all&${paging}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Escribe un número|número entero|Escribe/);
    },
  );

  it("a month that is not one lists nobody (no 500)", async () => {
    const res = await get(`/api/reportes/retencion/detalle?${period}&group=active&key=2022-13`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customers: [], total: 0 });
  });
});

describe("the database's lists are the domain's (decision 0138)", () => {
  const byId = (a: number, b: number) => a - b;

  it("retention: every group and month", async () => {
    const range = { ...periodInstants({ from: "2022-10-01", to: "2022-11-30" }, TZ) };
    const months = { first: "2022-10", last: "2022-11", lastStarts: new Date("2022-11-01T06:00:00Z") };
    const byCustomer = (x: { customer_id: number }, y: { customer_id: number }) =>
      byId(x.customer_id, y.customer_id);
    for (const locationId of [undefined, studio.roma.location_id, studio.polanco.location_id]) {
      const at = { ...range, locationId };
      const activity = await retentionActivity(t.app.db, at, months);
      for (const group of RETENTION_GROUPS) {
        // The period's months (a month's own rows, or the last month's reservations) and one before it.
        for (const key of ["2022-09", "2022-10", "2022-11"]) {
          const figure = { group, key };
          const expected = retentionBehindOf(activity, group, key);
          const { rows, total } = await retentionCustomersPage(t.app.db, at, months, figure, null);
          expect(total, `${group} ${key} ${locationId}`).toBe(expected.length);
          expect([...rows].sort(byCustomer)).toEqual([...expected].sort(byCustomer));
          const page = await retentionCustomersPage(t.app.db, at, months, figure, { limit: 2, offset: 1 });
          expect(page.rows).toEqual(rows.slice(1, 3));
        }
      }
    }
  });

  it("utilisation: every dimension and key, in the same order", async () => {
    const range = periodInstants({ from: "2022-10-01", to: "2022-11-30" }, TZ);
    const facts = await classFacts(t.app.db, range);
    const keys = {
      all: ["all", "otra"],
      class_type: ["Cycling", "Yoga"],
      location: ["Roma", "Polanco", "Sin ubicación"],
      coach: ["Sin coach", ...new Set(facts.flatMap((f) => f.coaches))],
      slot: [...new Set(facts.map((f) => `${f.class_date.getUTCDay() || 7}-8`)), "9-99", "x"],
    };
    for (const dimension of UTILISATION_DIMENSIONS) {
      for (const key of keys[dimension]) {
        const expected = classesBehind(facts, dimension, key, TZ).map((f) => f.single_class_id);
        const figure = { dimension, key, timeZone: TZ };
        const whole = await classesBehindPage(t.app.db, range, figure, null);
        const page = await classesBehindPage(t.app.db, range, figure, { limit: 2, offset: 1 });
        expect(
          whole.rows.map((f) => f.single_class_id),
          `${dimension} ${key}`,
        ).toEqual(expected);
        expect(page.total).toBe(expected.length);
        expect(page.rows.map((f) => f.single_class_id)).toEqual(expected.slice(1, 3));
      }
    }
  });

  it("customer value: every reason, in the same order", async () => {
    const range = periodInstants({ from: "2022-10-01", to: "2022-11-30" }, TZ);
    const facts = await customerValues(t.app.db, range);
    for (const reason of ["all", "Instagram", "Sin dato", "TikTok"]) {
      const expected = customerValueBehind(facts, reason).map((c) => [c.customer_id, c.months_active]);
      const { rows, total } = await valueCustomersPage(t.app.db, range, reason, null);
      expect(
        rows.map((c) => [c.customer_id, c.months_active]),
        reason,
      ).toEqual(expected);
      expect(total).toBe(expected.length);
    }
  });

  it("customer value: the figure summed in the database is the one from the customers one by one (decision 0144)", async () => {
    for (const range of [
      periodInstants({ from: "2022-10-01", to: "2022-11-30" }, TZ),
      periodInstants({ from: "2020-01-01", to: "2030-12-31" }, TZ),
    ]) {
      const oneByOne = customerValueReport(await customerValues(t.app.db, range));
      expect(oneByOne.totals.customers).toBeGreaterThan(0);
      expect(customerValueReportOfSums(await customerValueSums(t.app.db, range))).toEqual(oneByOne);
    }
  });
});
