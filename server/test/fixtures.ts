import { afterAll, beforeAll } from "vitest";
import { buildTestApp, type TestApp } from "./build-test-app";
import { type Shop, seedShop } from "./commerce";

/** The set-ups that many test files share. */

export type Headers = Record<string, string>;
type SignedIn = Awaited<ReturnType<TestApp["signUp"]>>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * One app for the enclosing describe block (or file), with an admin and a customer signed in:
 * registers the beforeAll that boots it and the afterAll that closes it. `admin` and `customer`
 * are filled in place by that beforeAll, so they can be destructured here and read in the tests.
 */
export function appWithAdminAndCustomer() {
  let t: TestApp | undefined;
  const admin: Headers = {};
  const customer: Headers = {};
  beforeAll(async () => {
    t = await buildTestApp();
    Object.assign(admin, (await t.signUp({ role: "admin" })).headers);
    Object.assign(customer, (await t.signUp()).headers);
  });
  afterAll(() => t?.close());

  const app = () => {
    if (!t) throw new Error("the test app boots in beforeAll: use it inside a test");
    return t.app;
  };
  /** A request as `headers` (none: a visitor). */
  const inject = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
    app().inject({ method, url, headers, payload });

  return { app, admin, customer, inject };
}

/**
 * The commerce suites' set-up: before the file's tests, a fresh app with the small shop (seedShop)
 * and an admin signed in, handed to `ready` for the file to keep; the app is closed after them.
 */
export function withShopApp(ready: (booted: { t: TestApp; shop: Shop; admin: SignedIn }) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    const shop = await seedShop(t);
    const admin = await t.signUp({ role: "admin" });
    ready({ t, shop, admin });
  });
  afterAll(() => t?.close());
}

/*
 * Elements a test needs to exist. With noUncheckedIndexedAccess, `rows[0]`, `find()` and
 * `map.get()` may be undefined; these take them with a failure that says what was missing,
 * where a `!` would let the test go on to an unhelpful "cannot read properties of undefined".
 * exactly() and only() (server/db/rows.ts) do the same for the rows a statement returns.
 */
export { exactly, only } from "../db/rows";

/** `value`, which the test needs (`what` names it in the failure). */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`expected ${what}, found none`);
  return value;
}

/** The first of `rows`; fails if there is none. */
export function firstOf<T>(rows: readonly T[], what = "a row"): T {
  return must(rows[0], what);
}
