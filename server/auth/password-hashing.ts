import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashes for better-auth (docs/decisions/0039).
 *
 * better-auth's default is scrypt in JavaScript (@noble/hashes): about 200 ms of the one thread
 * per sign-up or sign-in, during which the instance answers nobody else. Node's own scrypt does
 * the same work on libuv's thread pool, so a sign-in no longer stalls the bookings around it.
 *
 * The hashes better-auth already stored stay valid: they are `salt:key` with its parameters
 * (N=16384, r=16, p=1, 64 bytes, the salt's hex text as the salt), and the default parameters
 * here are the same, written the same way. A hash made with other parameters carries them:
 * `scrypt$N$r$p$salt$key`, so it verifies wherever it is read, whatever the app's current cost.
 */

export type ScryptCost = { N: number; r: number; p: number };

/** better-auth's parameters: every hash in a studio's database was made with them. */
export const PRODUCTION_SCRYPT: ScryptCost = { N: 16384, r: 16, p: 1 };

/**
 * For the API test suites only (server/test/build-test-app.ts): the same algorithm and code path
 * at 1/32 of the work. The suites sign up thousands of people; at production cost their hashing
 * alone took minutes of CI's two cores. Not reachable from the environment: only code that builds
 * the app can pass it.
 */
export const TEST_SCRYPT: ScryptCost = { N: 1024, r: 8, p: 1 };

const KEY_LENGTH = 64;

function derive(password: string, salt: string, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      // scrypt needs 128·N·r bytes; Node refuses above 32 MiB unless told.
      { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const isDefault = (cost: ScryptCost) =>
  cost.N === PRODUCTION_SCRYPT.N && cost.r === PRODUCTION_SCRYPT.r && cost.p === PRODUCTION_SCRYPT.p;

/** Parses either form; null for anything else (never throws on a stored value). */
function parse(stored: string): { cost: ScryptCost; salt: string; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length === 6 && parts[0] === "scrypt") {
    const [, n, r, p, salt, key] = parts;
    const cost = { N: Number(n), r: Number(r), p: Number(p) };
    if (!salt || !key || !Object.values(cost).every((v) => Number.isInteger(v) && v > 0)) return null;
    return { cost, salt, key: Buffer.from(key, "hex") };
  }
  const [salt, key, ...rest] = stored.split(":");
  if (!salt || !key || rest.length > 0) return null;
  return { cost: PRODUCTION_SCRYPT, salt, key: Buffer.from(key, "hex") };
}

/** The `password` option of better-auth's emailAndPassword, hashing at `cost`. */
export function passwordHashing(cost: ScryptCost = PRODUCTION_SCRYPT) {
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString("hex");
      const key = (await derive(password, salt, cost)).toString("hex");
      return isDefault(cost) ? `${salt}:${key}` : `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt}$${key}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const parsed = parse(hash);
      if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
      const key = await derive(password, parsed.salt, parsed.cost);
      return timingSafeEqual(key, parsed.key);
    },
  };
}
