import type { TestApp } from "./build-test-app";

let counter = 0;

/**
 * The password of customers made by signUpCustomer: it passes the studio's policy (8+ characters,
 * not a common or studio-derived password), as every sign-up must.
 */
export const TEST_PASSWORD = "Tortuga-Azul-Salta-93";

/** A phone nobody else in this process uses: 55 + 8 digits. */
export function uniquePhone(): string {
  counter += 1;
  return `55${String((process.pid * 1000 + counter) % 100_000_000).padStart(8, "0")}`;
}

export function signupPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `cliente${counter}.${Date.now()}@prueba.mx`,
    password: TEST_PASSWORD,
    password_confirm: TEST_PASSWORD,
    phone: uniquePhone(),
    name: "Ana",
    last_name: "López",
    signup_reason: "Instagram",
    accept_terms: true,
    ...overrides,
  };
}

/** Signs a customer up through the real flow; returns Bearer headers and the customer record. */
export async function signUpCustomer(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const res = await t.app.inject({ method: "POST", url: "/api/customer/signup", payload });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = res.headers["set-auth-token"];
  return {
    headers: { authorization: `Bearer ${token}` },
    customer: res.json().customer as { customer_id: number; email: string; phone: string },
    payload,
  };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export function multipart(file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = "----prueba";
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export function withAuth(
  req: { payload: Buffer; headers: Record<string, string> },
  auth: Record<string, string>,
) {
  return { payload: req.payload, headers: { ...req.headers, ...auth } };
}
