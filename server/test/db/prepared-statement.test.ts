import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { locations } from "../../db/schema/calendar";
import { only } from "../fixtures";
import { createTestDatabase } from "../test-database";
import { testDriver } from "../test-driver";

// Runs on PostgreSQL too: prepared statements are per connection on the pool (docs/decisions/0061).

const locationById = preparedStatement("test_location_by_id", (db, name) =>
  db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.location_id, sql.placeholder("id")))
    .prepare(name),
);

describe(`preparedStatement (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("runs on the connection it is given: the pool, or an open transaction", async () => {
    const db = database.db;
    const outside = only(await db.insert(locations).values({ name: "Roma" }).returning());
    expect(await locationById(db, { id: outside.location_id })).toEqual([{ name: "Roma" }]);

    let insideId = 0;
    await db
      .transaction(async (tx) => {
        const inside = only(await tx.insert(locations).values({ name: "Polanco" }).returning());
        insideId = inside.location_id;
        // Only the transaction's own connection sees its uncommitted row (on PGlite a query on
        // the database itself would wait for the transaction: this would hang instead).
        expect(await locationById(tx, { id: inside.location_id })).toEqual([{ name: "Polanco" }]);
        expect(await locationById(tx, { id: outside.location_id })).toEqual([{ name: "Roma" }]);
        throw new Error("roll back");
      })
      .catch((error: Error) => expect(error.message).toBe("roll back"));
    expect(await locationById(db, { id: insideId })).toEqual([]);
  });
});
