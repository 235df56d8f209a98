import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { PRODUCTION_SCRYPT, passwordHashing, TEST_SCRYPT } from "./password-hashing";

describe("password hashes (decision 0039)", () => {
  const production = passwordHashing(PRODUCTION_SCRYPT);
  const cheap = passwordHashing(TEST_SCRYPT);

  it("verifies a hash better-auth stored before, and refuses the wrong password", async () => {
    const stored = await betterAuthHash("Contraseña ñ 2026");
    expect(await production.verify({ hash: stored, password: "Contraseña ñ 2026" })).toBe(true);
    expect(await production.verify({ hash: stored, password: "contraseña ñ 2026" })).toBe(false);
  });

  it("writes production hashes in better-auth's own form, so going back to its default still signs people in", async () => {
    const stored = await production.hash("secreto123");
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const { verifyPassword } = await import("better-auth/crypto");
    expect(await verifyPassword({ hash: stored, password: "secreto123" })).toBe(true);
  });

  it("a hash made at another cost carries it and verifies at any cost", async () => {
    const stored = await cheap.hash("secreto123");
    expect(stored.startsWith(`scrypt$${TEST_SCRYPT.N}$${TEST_SCRYPT.r}$${TEST_SCRYPT.p}$`)).toBe(true);
    expect(await production.verify({ hash: stored, password: "secreto123" })).toBe(true);
    expect(await production.verify({ hash: stored, password: "secreto124" })).toBe(false);
  });

  it("answers false, not an error, for a damaged stored value", async () => {
    for (const hash of ["", "abc", "a:b:c", "scrypt$0$8$1$aa$bb", "scrypt$x$8$1$aa$bb", "00:zz"]) {
      expect(await production.verify({ hash, password: "secreto123" })).toBe(false);
    }
  });
});
