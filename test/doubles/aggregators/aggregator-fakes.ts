import { z } from "zod";
import { type FakeRequest, startHttpFake } from "../payments/http-fake";

/**
 * In-process doubles of Wellhub's and TotalPass's partner APIs (decision 0102). Each checks every
 * request against the documented shape (path, auth headers, body fields) and answers 400 with the
 * problem when it does not match, so an adapter drifting from the documentation fails its tests.
 * `failNext(n)` makes the next n calls answer 503 (an outage: the jobs retry).
 */

const wellhubClass = z.object({
  classes: z
    .array(
      z.object({
        name: z.string().min(1).max(255),
        description: z.string().min(1),
        bookable: z.boolean(),
        visible: z.boolean(),
        product_id: z.number().int(),
        reference: z.string().optional(),
      }),
    )
    .min(1),
});
const wellhubSlot = z.object({
  occur_date: z.iso.datetime(),
  status: z.union([z.literal(0), z.literal(1)]),
  length_in_minutes: z.number().int().positive(),
  total_capacity: z.number().int().min(0),
  total_booked: z.number().int().min(0),
  product_id: z.number().int(),
  instructors: z.array(z.object({ name: z.string(), substitute: z.boolean() })),
});
const wellhubPatch = z.union([
  z.object({ status: z.literal("RESERVED"), class_id: z.number().int().optional() }).strict(),
  z.object({ status: z.literal("REJECTED"), reason: z.string().min(1) }).strict(),
]);
const wellhubValidate = z.object({ gympass_id: z.string().min(1) }).strict();

type Outage = { failing: number };

function problem(message: string) {
  return { status: 400, body: { errors: [{ message }] } };
}

/** The Wellhub double's own read-only view of what it received (see startWellhubFake). */
export const STATE_PATH = "/_double/state";

export async function startWellhubFake(options: { token: string; gymId: string }) {
  const outage: Outage = { failing: 0 };
  let ids = 100;
  const slots = new Map<string, z.infer<typeof wellhubSlot>>();
  const answers: { booking: string; body: z.infer<typeof wellhubPatch> }[] = [];
  const validations: string[] = [];
  const fake = await startHttpFake((request: FakeRequest) => {
    // Not Wellhub's: what the double holds, for a test in another process than the double (the
    // journeys start it in vitest's main process, e2e/wellhub-double.ts).
    if (request.method === "GET" && request.path === STATE_PATH)
      return { status: 200, body: { slots: Object.fromEntries(slots), answers, validations } };
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return { status: 401, body: { message: "Unauthorized" } };
    if (outage.failing > 0) {
      outage.failing -= 1;
      return { status: 503, body: { message: "unavailable" } };
    }
    const gym = `/booking/v1/gyms/${options.gymId}`;
    if (request.method === "POST" && request.path === `${gym}/classes`) {
      const body = wellhubClass.safeParse(request.json);
      if (!body.success) return problem(body.error.message);
      return { status: 201, body: { classes: body.data.classes.map((c) => ({ ...c, id: ids++ })) } };
    }
    const slotPath = new RegExp(`^${gym}/classes/(\\d+)/slots(?:/(\\d+))?$`).exec(request.path);
    if (slotPath && (request.method === "POST" || request.method === "PUT")) {
      const body = wellhubSlot.safeParse(request.json);
      if (!body.success) return problem(body.error.message);
      if (request.method === "PUT" && !slots.has(slotPath[2] ?? ""))
        return { status: 404, body: { message: "slot" } };
      const id = slotPath[2] ?? String(ids++);
      slots.set(id, body.data);
      return {
        status: request.method === "POST" ? 201 : 200,
        body: { results: [{ id: Number(id), ...body.data }] },
      };
    }
    const booking = new RegExp(`^${gym}/bookings/([^/]+)$`).exec(request.path);
    if (booking && request.method === "PATCH") {
      const body = wellhubPatch.safeParse(request.json);
      if (!body.success) return problem(body.error.message);
      answers.push({ booking: decodeURIComponent(booking[1]!), body: body.data });
      return { status: 200, body: { booking_number: booking[1], status: body.data.status } };
    }
    if (request.method === "POST" && request.path === "/access/v1/validate") {
      if (request.headers["x-gym-id"] !== options.gymId) return problem("X-Gym-Id required");
      const body = wellhubValidate.safeParse(request.json);
      if (!body.success) return problem(body.error.message);
      validations.push(body.data.gympass_id);
      return {
        status: 200,
        body: {
          metadata: { total: 1, errors: 0 },
          results: { user: { gympass_id: body.data.gympass_id }, validated_at: new Date().toISOString() },
        },
      };
    }
    return undefined;
  });
  return { ...fake, slots, answers, validations, failNext: (n: number) => (outage.failing = n) };
}

const totalpassOccurrence = z.object({
  title: z.string().min(1),
  responsible: z.string().min(1),
  duration: z.number().int().positive(),
  slots: z.number().int().min(0),
  planCode: z.string(),
  timezone: z.enum(["pt-BR", "es-MX"]),
  date: z.iso.datetime(),
  status: z.enum(["ACTIVE", "INACTIVE", "HIDDEN"]),
  description: z.string(),
  externalReference: z.string().optional(),
});

export async function startTotalpassFake(options: { partnerKey: string; placeKey: string }) {
  const outage: Outage = { failing: 0 };
  const jwt = "tp-jwt-1";
  let ids = 500;
  const occurrences = new Map<string, z.infer<typeof totalpassOccurrence>>();
  const confirmed: string[] = [];
  const rejected: { slot: string; reason: string }[] = [];
  const ended: { slot: string; kind: string }[] = [];
  const usages: string[] = [];
  const fake = await startHttpFake((request: FakeRequest) => {
    if (request.method === "POST" && request.path === "/partner/auth") {
      const body = z.object({ place_api_key: z.string() }).safeParse(request.json);
      if (
        request.headers["x-api-key"] !== options.partnerKey ||
        !body.success ||
        body.data.place_api_key !== options.placeKey
      )
        return { status: 401, body: { statusCode: 401, message: "Unauthorized" } };
      return { status: 200, body: { token: jwt } };
    }
    if (request.headers.authorization !== `Bearer ${jwt}`)
      return { status: 401, body: { statusCode: 401, message: "Unauthorized" } };
    if (outage.failing > 0) {
      outage.failing -= 1;
      return { status: 503, body: { message: "unavailable" } };
    }
    const occurrence = /^\/partner\/event-occurrence(?:\/([^/]+))?$/.exec(request.path);
    if (occurrence && (request.method === "POST" || request.method === "PUT")) {
      const body = totalpassOccurrence.safeParse(request.json);
      if (!body.success) return problem(body.error.message);
      const id = occurrence[1] ?? `occ-${ids++}`;
      occurrences.set(id, body.data);
      return { status: request.method === "POST" ? 201 : 200, body: { id, ...body.data } };
    }
    const slot = /^\/partner\/slot\/(confirmSlot|rejectSlot|cancelSlot|noShow)\/([^/]+)$/.exec(request.path);
    if (slot && request.method === "POST") {
      const [, action, id] = slot as unknown as [string, string, string];
      if (action === "confirmSlot") confirmed.push(id);
      else if (action === "rejectSlot") {
        const body = z.object({ reason: z.string().min(1) }).safeParse(request.json);
        if (!body.success) return problem(body.error.message);
        rejected.push({ slot: id, reason: body.data.reason });
      } else ended.push({ slot: id, kind: action });
      return { status: 200, body: { id, status: action } };
    }
    if (request.method === "POST" && request.path === "/partner/usages/token-use") {
      const body = z.object({ code: z.string().min(1), place: z.string().min(1) }).safeParse(request.json);
      if (!body.success) return problem(body.error.message);
      usages.push(body.data.code);
      return { status: 200, body: { valid: true } };
    }
    return undefined;
  });
  return {
    ...fake,
    occurrences,
    confirmed,
    rejected,
    ended,
    usages,
    failNext: (n: number) => (outage.failing = n),
  };
}
