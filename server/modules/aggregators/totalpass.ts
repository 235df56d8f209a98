import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  type AdapterCredentials,
  type AggregatorAdapter,
  type AggregatorEvent,
  callJson,
  header,
} from "./adapter";

/**
 * TotalPass partner APIs, decision 0102: the Booking API (a JWT from the partner's and the place's
 * keys, event occurrences with the seats for TotalPass members, the slot webhook whose
 * confirmation_url confirms a booking) and the Access API's token use (the visit that pays).
 * What the pages in reach did not say is marked ASSUMED here and in the decision: the login
 * path, the refusal and no-show paths, the token-use path and the webhook signature.
 */

export const TOTALPASS_SIGNATURE_HEADER = "x-totalpass-signature";
export const TOTALPASS_TIMESTAMP_HEADER = "x-totalpass-timestamp";

/** ASSUMED: HMAC-SHA256 of "<timestamp>.<body>" with the webhook secret, lower-case hex. */
export function totalpassSignature(secret: string, timestamp: string, raw: Buffer | string): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(raw).digest("hex");
}

/** The documented slot webhook body. */
export const totalpassWebhook = z.object({
  event: z.object({ id: z.string().min(1), title: z.string().optional() }),
  place: z.object({ place: z.string().min(1), name: z.string().optional() }).optional(),
  user: z.object({
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    code: z.string().min(1),
  }),
  slot: z.object({
    id: z.string().min(1),
    status: z.string().min(1),
    date: z.string().optional(),
    confirmation_url: z.string().optional(),
  }),
});

const tokens = new Map<string, { token: string; until: number }>();

export function totalpassAdapter(credentials: AdapterCredentials): AggregatorAdapter {
  const base = credentials.baseUrl.replace(/\/$/, "");

  async function jwt(): Promise<string> {
    const key = `${base}|${credentials.apiKey}|${credentials.partnerId}`;
    const cached = tokens.get(key);
    if (cached && cached.until > Date.now()) return cached.token;
    // ASSUMED path and body: the Authentication endpoint takes both keys and answers the JWT.
    const answer = (await callJson(`${base}/partner/auth`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": credentials.apiKey },
      body: { place_api_key: credentials.partnerId },
    })) as { token?: string } | null;
    if (!answer?.token) throw new Error("totalpass: login without a token");
    tokens.set(key, { token: answer.token, until: Date.now() + 30 * 60_000 });
    return answer.token;
  }
  const authed = async () => ({ authorization: `Bearer ${await jwt()}`, "content-type": "application/json" });

  return {
    name: "totalpass",
    verifySignature(raw, headers) {
      const given = header(headers, TOTALPASS_SIGNATURE_HEADER).toLowerCase();
      const timestamp = header(headers, TOTALPASS_TIMESTAMP_HEADER);
      if (!credentials.webhookSecret || !given || !timestamp) return false;
      const expected = Buffer.from(totalpassSignature(credentials.webhookSecret, timestamp, raw));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    parseEvent(body, headers): AggregatorEvent | null {
      const parsed = totalpassWebhook.safeParse(body);
      const seconds = Number(header(headers, TOTALPASS_TIMESTAMP_HEADER));
      if (!parsed.success || !Number.isFinite(seconds) || seconds <= 0) return null;
      const { slot, user } = parsed.data;
      const status = slot.status.toLowerCase();
      const common = { event_id: `${slot.id}:${status}`, occurred_at: new Date(seconds * 1000) };
      if (status === "active") {
        return {
          kind: "booking_requested",
          ...common,
          booking_id: slot.id,
          slot_id: parsed.data.event.id,
          member: {
            id: user.code,
            name: user.name ?? "",
            email: user.email ?? null,
            phone: user.phone ?? null,
          },
          answer_url: slot.confirmation_url ?? null,
        };
      }
      if (status === "canceled" || status === "cancelled") {
        return { kind: "booking_cancelled", ...common, booking_id: slot.id, late: null };
      }
      return { kind: "ignored", ...common, type: status };
    },
    async publish(slot) {
      const body = {
        title: slot.class_type_name,
        responsible: slot.coaches.join(", ") || slot.class_type_name,
        duration: slot.duration_minutes,
        slots: slot.seats + slot.booked,
        planCode: credentials.productId,
        timezone: "es-MX",
        date: slot.class_date.toISOString(),
        status: slot.visible ? "ACTIVE" : "INACTIVE",
        description: slot.description ?? slot.class_type_name,
        externalReference: String(slot.single_class_id),
      };
      if (slot.external_slot_id) {
        // ASSUMED: the occurrence is changed in place by its id.
        await callJson(`${base}/partner/event-occurrence/${encodeURIComponent(slot.external_slot_id)}`, {
          method: "PUT",
          headers: await authed(),
          body,
        });
        return { external_class_id: null, external_slot_id: slot.external_slot_id };
      }
      const created = (await callJson(`${base}/partner/event-occurrence`, {
        method: "POST",
        headers: await authed(),
        body,
      })) as { id?: string | number } | null;
      if (created?.id === undefined) throw new Error("totalpass: occurrence created without an id");
      return { external_class_id: null, external_slot_id: String(created.id) };
    },
    async answerBooking(booking, answer) {
      if (answer.accept) {
        // The webhook's confirmation_url names the path; the host is always the configured one
        // (a URL in a body is never followed to another host).
        await callJson(`${base}${confirmationPath(booking.answer_url, booking.booking_id)}`, {
          method: "POST",
          headers: await authed(),
        });
        return;
      }
      // ASSUMED path: the booking is refused with the studio's reason.
      await callJson(`${base}/partner/slot/rejectSlot/${encodeURIComponent(booking.booking_id)}`, {
        method: "POST",
        headers: await authed(),
        body: { reason: answer.text },
      });
    },
    async reportBookingEnd(booking, end) {
      // ASSUMED paths: the studio cancels the slot, or reports the member did not come.
      const path = end === "studio_cancelled" ? "cancelSlot" : "noShow";
      await callJson(`${base}/partner/slot/${path}/${encodeURIComponent(booking.booking_id)}`, {
        method: "POST",
        headers: await authed(),
      });
    },
    async validateVisit(visit) {
      // ASSUMED path: the Access API's Token Use with the member's code.
      await callJson(`${base}/partner/usages/token-use`, {
        method: "POST",
        headers: await authed(),
        body: { code: visit.member_id, place: credentials.partnerId },
      });
    },
  };
}

export function confirmationPath(answerUrl: string | null, bookingId: string): string {
  const fallback = `/partner/slot/confirmSlot/${encodeURIComponent(bookingId)}`;
  if (!answerUrl) return fallback;
  try {
    const path = new URL(answerUrl.includes("://") ? answerUrl : `https://${answerUrl}`).pathname;
    return path.startsWith("/partner/slot/confirmSlot/") ? path : fallback;
  } catch {
    return fallback;
  }
}
