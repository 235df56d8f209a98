import pg from "pg";

/**
 * Which database the API suites run on: in-memory PGlite by default, PostgreSQL (a database per
 * test file, created from TEST_DATABASE_URL) when TEST_DB_DRIVER=postgres. Free of any vitest
 * import so that global-setup, which runs outside the test workers, can use it.
 */
export function testDriver(): "pglite" | "postgres" {
  return process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
}

/** TEST_DATABASE_URL, required on PostgreSQL. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB_DRIVER=postgres necesita TEST_DATABASE_URL");
  return url;
}

/** One statement on the server's maintenance connection (create and drop database). */
export async function onServer(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
