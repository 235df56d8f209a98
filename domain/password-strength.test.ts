import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_POLICY } from "./auth";
import { messages } from "./messages";
import { checkPassword } from "./password-strength";

/** A password as a password manager makes one: random letters and digits (mulberry32, seeded). */
function random(length: number, seed: number): string {
  const chars = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  let out = "";
  for (let i = 0; i < length; i++) out += chars[Math.floor(next() * chars.length)];
  return out;
}

describe("the password rule (product-rules.md#accounts)", () => {
  it("accepts a random password of exactly the studio's minimum length", () => {
    for (const min of [6, 8]) {
      const policy = { ...DEFAULT_PASSWORD_POLICY, min_length: min };
      const refused = Array.from({ length: 150 }, (_, i) => random(min, i + 1)).filter((p) =>
        checkPassword(p, policy),
      );
      expect(refused, `min ${min}`).toEqual([]);
    }
  });

  it("tells why a password is refused: too short, too common, a pattern", () => {
    const policy = { ...DEFAULT_PASSWORD_POLICY, min_length: 6 };
    expect(checkPassword("k3J9x", policy)).toBe(
      "La contraseña es muy corta: usa más caracteres (al menos 6).",
    );
    for (const common of ["123456", "12345678", "demo1234", "contraseña", "password1", "amigo1"]) {
      expect(checkPassword(common, policy), common).toBe(messages.passwordTooCommon);
    }
    expect(messages.passwordTooCommon).toContain("demasiado común");
    for (const pattern of ["qwertyuiop", "aaaaaaaa", "abcdefgh"]) {
      expect(checkPassword(pattern, policy), pattern).toMatch(/usa más caracteres|demasiado común/);
    }
  });
});
