import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The "Darte de baja" link of class reminders: `<customer id>.<HMAC>` signed with AUTH_SECRET, so
 * it needs no table, never expires and cannot be made for another customer. It only switches
 * reminders off or on again (both from the page it opens), so a mail scanner that follows it does
 * no harm the customer cannot undo with one click.
 */
const PURPOSE = "unsubscribe:class-reminders";

const signatureOf = (secret: string, customerId: number) =>
  createHmac("sha256", secret).update(`${PURPOSE}:${customerId}`).digest("base64url");

export function reminderUnsubscribeToken(secret: string, customerId: number): string {
  return `${customerId}.${signatureOf(secret, customerId)}`;
}

/** The customer id of a genuine token, else null. */
export function customerOfUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^(\d{1,12})\.([\w-]{20,100})$/.exec(token);
  if (!m) return null;
  const customerId = Number(m[1]);
  const expected = Buffer.from(signatureOf(secret, customerId));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? customerId : null;
}

export const reminderUnsubscribeUrl = (publicUrl: string, secret: string, customerId: number) =>
  `${publicUrl.replace(/\/$/, "")}/api/notifications/unsubscribe?token=${reminderUnsubscribeToken(secret, customerId)}`;
