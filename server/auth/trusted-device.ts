import { createHmac } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * A browser that signed in to an account before (decision 0056 §3): an HttpOnly cookie, sent only
 * to /api/auth, holding one mark per account signed in on it (an HMAC of the email with
 * AUTH_SECRET, so it cannot be made for another account). A trusted device is never slowed by the
 * per-account guessing delay and does not trigger the "new sign-in" email. It is a convenience,
 * never a credential: the password is still checked.
 */
export const DEVICE_COOKIE = "estudio_device";
const MAX_MARKS = 5;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function deviceMark(secret: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`trusted-device:${email.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 22);
}

function marksOf(request: Pick<FastifyRequest, "headers">): string[] {
  const header = request.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === DEVICE_COOKIE && value) return value.split(".").filter((m) => /^[\w-]{22}$/.test(m));
  }
  return [];
}

export function isTrustedDevice(request: Pick<FastifyRequest, "headers">, secret: string, email: string) {
  return marksOf(request).includes(deviceMark(secret, email));
}

/** The Set-Cookie that adds this account to the browser's marks (the newest five are kept). */
export function trustDeviceCookie(
  request: Pick<FastifyRequest, "headers">,
  secret: string,
  email: string,
  secure: boolean,
): string {
  const mark = deviceMark(secret, email);
  const marks = [mark, ...marksOf(request).filter((m) => m !== mark)].slice(0, MAX_MARKS);
  return `${DEVICE_COOKIE}=${marks.join(".")}; Path=/api/auth; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
