import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { app_config } from "../../db/schema/app-config";
import { customers } from "../../db/schema/customers";
import { purchases } from "../../db/schema/purchases";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage } from "../../test/commerce";
import { only } from "../../test/fixtures";
import { testDriver } from "../../test/test-driver";
import { EXCLUDED_COLUMNS, EXCLUDED_TABLES, type StudioExportManifest } from "./studio-export.service";

// Runs on PostgreSQL too: the export reads one snapshot on PostgreSQL (docs/decisions/0061).

/** The whole ZIP as entries name → bytes (yauzl, a real unzip). */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on("end", () => resolve(entries));
      file.on("error", reject);
      file.readEntry();
    });
  });
}

const SECRET_NAMES = /password|token|secret|^source_id$|^payload$/i;

describe(`Exportar todo (${testDriver()})`, () => {
  let t: TestApp;
  let base: string;
  let owner: Record<string, string>;
  let customerId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = (await t.signUp({ role: "admin" })).headers;
    await t.app.db.insert(app_config).values([
      { key: "name", value: "Estudio Ñandú" },
      { key: "timezone", value: "America/Mexico_City" },
    ]);
    const signed = await t.signUp({ name: "Cliente" });
    const [row] = await t.app.db
      .insert(customers)
      .values({
        uid: signed.userId,
        name: 'Ana "La Jefa"',
        last_name: "Pérez, Núñez\nsegunda línea",
        email: signed.email,
        ical_token: "token-secreto-del-calendario",
        tags: ["vip", "mañanas"],
      })
      .returning();
    customerId = row!.customer_id;
    const pack = await addPackage(t, { title: "10 Clases", price: "1350.50", class_amount: 10 });
    await t.app.db.insert(purchases).values({
      customer_id: customerId,
      class_package_id: pack.class_package_id,
      title: "10 Clases",
      status: "completed",
      amount: "1350.50",
      total_payment: "1350.50",
      // 10:30 in Mexico City (UTC−6 since 2022).
      createdAt: new Date("2026-03-05T16:30:00.000Z"),
    });
  }, 120_000);
  afterAll(() => t?.close());

  const download = async (headers: Record<string, string>) => {
    const response = await fetch(`${base}/api/admin/studio-export`, { headers });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  it("streams a ZIP of one CSV per table and a manifest whose counts and hashes match", {
    timeout: 60_000,
  }, async () => {
    const { response, body } = await download(owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="estudio-datos-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const entries = await unzip(body);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString("utf8")) as StudioExportManifest;
    expect(manifest.format_version).toBe(1);
    expect(manifest.studio).toEqual({ name: "Estudio Ñandú", timezone: "America/Mexico_City" });
    expect(manifest.app.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.exported_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}-06:00$/);
    expect(manifest.consistency).toBe(testDriver() === "postgres" ? "snapshot" : "table_by_table");

    // Every table of public is there, but the excluded ones.
    const tables = (
      (await t.app.db.execute(
        sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`,
      )) as unknown as { rows: { name: string }[] }
    ).rows
      .map((r) => r.name)
      .filter((name) => !(name in EXCLUDED_TABLES))
      .sort();
    expect(manifest.files.map((f) => f.table).sort()).toEqual(tables);
    expect([...entries.keys()].sort()).toEqual([...tables.map((n) => `${n}.csv`), "manifest.json"].sort());
    expect(manifest.excluded.tables.map((x) => x.table).sort()).toEqual([
      "account",
      "session",
      "verification",
    ]);

    for (const file of manifest.files) {
      const bytes = entries.get(file.file)!;
      expect(createHash("sha256").update(bytes).digest("hex"), file.file).toBe(file.sha256);
      expect(bytes.length).toBe(file.bytes);
      expect(bytes.subarray(0, 3).toString("hex"), "UTF-8 BOM").toBe("efbbbf");
      const records: string[][] = parse(bytes, { bom: true, relax_quotes: false });
      const [header, ...rows] = records;
      expect(header).toEqual(file.columns.map((c) => c.name));
      expect(rows).toHaveLength(file.rows);
      const { n } = only(
        (
          (await t.app.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(file.table)}`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows,
      );
      expect(rows.length, file.table).toBe(n);
      // No secret leaves: no column named like one, none of the excluded columns.
      for (const column of header!) {
        expect(EXCLUDED_COLUMNS[file.table]?.[column], `${file.table}.${column}`).toBeUndefined();
        expect(SECRET_NAMES.test(column), `${file.table}.${column}`).toBe(false);
      }
    }
    expect(body.includes(Buffer.from("token-secreto-del-calendario"))).toBe(false);

    // Values as the database has them: quotes, commas and line breaks survive; money is a decimal
    // string; instants carry the studio's offset; arrays are JSON.
    const read = (table: string) => {
      const [header, ...rows]: string[][] = parse(entries.get(`${table}.csv`)!, { bom: true });
      return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
    };
    const customer = read("customers").find((r) => r.customer_id === String(customerId))!;
    expect(customer.name).toBe('Ana "La Jefa"');
    expect(customer.last_name).toBe("Pérez, Núñez\nsegunda línea");
    expect(customer.tags).toBe('["vip","mañanas"]');
    expect(customer.birthdate).toBe("");
    const purchase = read("purchases")[0]!;
    expect(purchase.amount).toBe("1350.50");
    expect(purchase.created_at).toBe("2026-03-05T10:30:00.000000-06:00");
    expect(new Date(purchase.created_at!).toISOString()).toBe("2026-03-05T16:30:00.000Z");
    const money = manifest.files
      .find((f) => f.table === "purchases")!
      .columns.find((c) => c.name === "amount");
    expect(money?.type).toMatch(/^numeric/);

    // Audited in the Bitácora.
    const audit = await t.app.inject({ method: "GET", url: "/api/admin/audit", headers: owner });
    expect(JSON.stringify(audit.json())).toContain("studio.export");
  });

  it("is the owner's only: a manager, the front desk and a customer get 403, a visitor 401", {
    timeout: 120_000,
  }, async () => {
    for (const role of ["manager", "front_desk"] as const) {
      const staff = await t.signUp({ role });
      const { response, body } = await download(staff.headers);
      expect(response.status, role).toBe(403);
      expect(JSON.parse(body.toString()).message).toMatch(/\S/);
    }
    const customer = await t.signUp();
    expect((await download(customer.headers)).response.status).toBe(403);
    expect((await download({})).response.status).toBe(401);
  });
});
