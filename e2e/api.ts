import { randomInt } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/**
 * The journeys' way to prepare data through the HTTP API (sign-ups, grants, bookings) before the
 * browser part: plain fetch against the one server global-setup started.
 */

// biome-ignore lint/suspicious/noExplicitAny: API answers read loosely in a journey
export type Json = Record<string, any>;

/**
 * One JSON call; anything but 2xx throws with the status and body, so a journey fails where its
 * setup did. `token` is sent as the Bearer session; the answer's new session token (sign-in,
 * sign-up) comes back as `token`, "" when there is none.
 */
export async function apiCall(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${inject("baseUrl")}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return { json: (text ? JSON.parse(text) : {}) as Json, token: res.headers.get("set-auth-token") ?? "" };
}

/** The Bearer session of a demo account (or any account with `password`), signed in over the API. */
export async function apiSignIn(email: string, password = "demo1234"): Promise<string> {
  const { token } = await apiCall("/api/auth/sign-in/email", { method: "POST", body: { email, password } });
  return token;
}

/** A password the studio's policy accepts (8+ characters, not common, not studio-derived). */
export const STRONG_PASSWORD = "Tortuga-Azul-Salta-93";

/**
 * The first link matching `pattern` in the newest email to `to`, as its recipient gets it: read
 * from the server's MAIL_DIR (the outbox hides reset and confirmation links from staff).
 */
export function linkInNewestMail(to: string, pattern: RegExp): string {
  const dir = inject("mailDir");
  const files = readdirSync(dir).sort().reverse();
  for (const file of files) {
    const mail = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { to: string; text?: string };
    if (mail.to !== to) continue;
    const found = mail.text?.match(pattern)?.[0];
    if (found) return found;
  }
  throw new Error(`no email to ${to} has a link like ${pattern}`);
}

/**
 * A new customer of the calling journey, signed up through the real API with STRONG_PASSWORD:
 * journeys never touch the demo's own customers or each other's. Email and phone are random, so
 * journey files running side by side never collide on the unique phone.
 */
export async function signUpCustomer(name: string, lastName: string) {
  const tag = `${Date.now()}${randomInt(1_000_000)}`;
  const email = `${lastName
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z]/g, "")}.${tag}@prueba.mx`;
  const { json } = await apiCall("/api/customer/signup", {
    method: "POST",
    body: {
      email,
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
      phone: `5${String(randomInt(1_000_000_000)).padStart(9, "0")}`,
      name,
      last_name: lastName,
      signup_reason: "Instagram",
      accept_terms: true,
    },
  });
  return { email, id: json.customer.customer_id as number, name: `${name} ${lastName}` };
}
