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
 * Wellhub (formerly Gympass) partner APIs, decision 0102: the Booking API (classes, slots, the
 * PATCH that answers a booking within 15 minutes), its webhooks (booking-requested,
 * booking-canceled, booking-late-canceled; X-Gympass-Signature = HMAC-SHA1 of the body with the
 * studio's secret, upper-case hex) and the Access Control API's validate call (the visit that
 * pays). One Bearer token serves both APIs; X-Gym-Id names the gym on the access call.
 */

export const WELLHUB_SIGNATURE_HEADER = "x-gympass-signature";

export function wellhubSignature(secret: string, raw: Buffer | string): string {
  return createHmac("sha1", secret).update(raw).digest("hex").toUpperCase();
}

/** The documented webhook body (booking events). */
export const wellhubWebhook = z.object({
  event_type: z.string().min(1),
  event_data: z.object({
    user: z
      .object({
        unique_token: z.union([z.string(), z.number()]).transform(String),
        name: z.string().optional(),
        email: z.string().optional(),
      })
      .optional(),
    slot: z
      .object({
        id: z.union([z.string(), z.number()]).transform(String),
        gym_id: z.union([z.string(), z.number()]).optional(),
        class_id: z.union([z.string(), z.number()]).optional(),
        booking_number: z.string().min(1),
      })
      .optional(),
    timestamp: z.number().int().positive(),
    event_id: z.string().min(1),
  }),
});

export function wellhubAdapter(credentials: AdapterCredentials): AggregatorAdapter {
  const base = credentials.baseUrl.replace(/\/$/, "");
  const gym = encodeURIComponent(credentials.partnerId);
  const auth = { authorization: `Bearer ${credentials.apiKey}`, "content-type": "application/json" };
  return {
    name: "wellhub",
    verifySignature(raw, headers) {
      const given = header(headers, WELLHUB_SIGNATURE_HEADER).toUpperCase().replace(/^0X/, "");
      if (!credentials.webhookSecret || !given) return false;
      const expected = Buffer.from(wellhubSignature(credentials.webhookSecret, raw));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    parseEvent(body): AggregatorEvent | null {
      const parsed = wellhubWebhook.safeParse(body);
      if (!parsed.success) return null;
      const { event_type, event_data } = parsed.data;
      const common = { event_id: event_data.event_id, occurred_at: new Date(event_data.timestamp) };
      const slot = event_data.slot;
      if (event_type === "booking-requested") {
        if (!slot || !event_data.user) return null;
        return {
          kind: "booking_requested",
          ...common,
          booking_id: slot.booking_number,
          slot_id: slot.id,
          member: {
            id: event_data.user.unique_token,
            name: event_data.user.name ?? "",
            email: event_data.user.email ?? null,
            phone: null,
          },
          answer_url: null,
        };
      }
      if (event_type === "booking-canceled" || event_type === "booking-late-canceled") {
        if (!slot) return null;
        return {
          kind: "booking_cancelled",
          ...common,
          booking_id: slot.booking_number,
          late: event_type === "booking-late-canceled",
        };
      }
      return { kind: "ignored", ...common, type: event_type };
    },
    async publish(slot) {
      let classId = slot.external_class_id;
      if (!classId) {
        // One Wellhub class per class type, linked by its reference.
        const created = (await callJson(`${base}/booking/v1/gyms/${gym}/classes`, {
          method: "POST",
          headers: auth,
          body: {
            classes: [
              {
                name: slot.class_type_name.slice(0, 255),
                description: slot.description ?? slot.class_type_name,
                bookable: true,
                visible: true,
                reference: `type-${slot.class_type_id}`,
                product_id: Number(credentials.productId) || 0,
              },
            ],
          },
        })) as { classes?: { id: number | string }[] } | null;
        const id = created?.classes?.[0]?.id;
        if (id === undefined) throw new Error("wellhub: class created without an id");
        classId = String(id);
      }
      const body = {
        occur_date: slot.class_date.toISOString(),
        status: slot.visible ? 1 : 0,
        length_in_minutes: slot.duration_minutes,
        total_capacity: slot.seats + slot.booked,
        total_booked: slot.booked,
        product_id: Number(credentials.productId) || 0,
        instructors: slot.coaches.map((name) => ({ name, substitute: false })),
      };
      const slots = `${base}/booking/v1/gyms/${gym}/classes/${encodeURIComponent(classId)}/slots`;
      if (slot.external_slot_id) {
        await callJson(`${slots}/${encodeURIComponent(slot.external_slot_id)}`, {
          method: "PUT",
          headers: auth,
          body,
        });
        return { external_class_id: classId, external_slot_id: slot.external_slot_id };
      }
      const created = (await callJson(slots, { method: "POST", headers: auth, body })) as {
        results?: { id: number | string }[];
        id?: number | string;
      } | null;
      const id = created?.results?.[0]?.id ?? created?.id;
      if (id === undefined) throw new Error("wellhub: slot created without an id");
      return { external_class_id: classId, external_slot_id: String(id) };
    },
    async answerBooking(booking, answer) {
      await callJson(`${base}/booking/v1/gyms/${gym}/bookings/${encodeURIComponent(booking.booking_id)}`, {
        method: "PATCH",
        headers: auth,
        body: answer.accept
          ? {
              status: "RESERVED",
              ...(booking.external_class_id ? { class_id: Number(booking.external_class_id) } : {}),
            }
          : { status: "REJECTED", reason: answer.text },
      });
    },
    async reportBookingEnd(booking, end) {
      // Wellhub pays only validated check-ins: a no-show needs no call. A booking of a class the
      // studio cancelled is rejected so the member hears of it in the app.
      if (end !== "studio_cancelled") return;
      await callJson(`${base}/booking/v1/gyms/${gym}/bookings/${encodeURIComponent(booking.booking_id)}`, {
        method: "PATCH",
        headers: auth,
        body: { status: "REJECTED", reason: "Clase cancelada por el estudio" },
      });
    },
    async validateVisit(visit) {
      await callJson(`${base}/access/v1/validate`, {
        method: "POST",
        headers: { ...auth, "x-gym-id": credentials.partnerId },
        body: { gympass_id: visit.member_id },
      });
    },
  };
}
