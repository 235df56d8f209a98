import type { Aggregator, RefusalReason } from "../../../domain/aggregators";

/**
 * One adapter per aggregator behind this interface (decision 0102): the service speaks in these
 * terms and never in either partner API's shapes. No SDK exists for either; the adapters use
 * fetch against the documented endpoints (docs/decisions/0102-aggregator-partner-apis.md cites
 * the pages and marks what the pages in reach did not say).
 */

/** The credentials and terms an adapter calls with (secrets stay on the server). */
export type AdapterCredentials = {
  baseUrl: string;
  partnerId: string;
  apiKey: string;
  webhookSecret: string;
  productId: string;
};

/** A class as published: the slot's seats are the aggregator's share left (domain seatsToPublish). */
export type SlotToPublish = {
  single_class_id: number;
  class_type_id: number;
  class_type_name: string;
  description: string | null;
  class_date: Date;
  duration_minutes: number;
  capacity: number;
  seats: number;
  booked: number;
  visible: boolean;
  coaches: string[];
  external_class_id: string | null;
  external_slot_id: string | null;
};

export type PublishedSlot = { external_class_id: string | null; external_slot_id: string };

/** An aggregator's webhook, normalised. */
export type AggregatorEvent =
  | {
      kind: "booking_requested";
      event_id: string;
      occurred_at: Date;
      booking_id: string;
      slot_id: string;
      member: { id: string; name: string; email: string | null; phone: string | null };
      answer_url: string | null;
    }
  | {
      kind: "booking_cancelled";
      event_id: string;
      occurred_at: Date;
      booking_id: string;
      /** Whether the aggregator calls it late (null: it does not say). */
      late: boolean | null;
    }
  | { kind: "ignored"; event_id: string; occurred_at: Date; type: string };

export type BookingToAnswer = {
  booking_id: string;
  slot_id: string | null;
  external_class_id: string | null;
  answer_url: string | null;
};

export type VisitToValidate = { member_id: string; booking_id: string };

/** The call failed: `permanent` when the aggregator refused it (4xx), else worth retrying. */
export class AggregatorCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
  get permanent(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

export interface AggregatorAdapter {
  readonly name: Aggregator;
  /** Checks the signature over the exact bytes received. */
  verifySignature(raw: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /** The event in the body, or null when it is not one this adapter knows (malformed). */
  parseEvent(body: unknown, headers: Record<string, string | string[] | undefined>): AggregatorEvent | null;
  publish(slot: SlotToPublish): Promise<PublishedSlot>;
  answerBooking(
    booking: BookingToAnswer,
    answer: { accept: true } | { accept: false; reason: RefusalReason; text: string },
  ): Promise<void>;
  /** Reports a booking the studio cancelled (the class was cancelled) or marked as a no-show. */
  reportBookingEnd(booking: BookingToAnswer, end: "studio_cancelled" | "no_show"): Promise<void>;
  validateVisit(visit: VisitToValidate): Promise<void>;
}

/** JSON over fetch with a timeout; an answer outside 2xx becomes an AggregatorCallError. */
export async function callJson(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new AggregatorCallError(`unreachable: ${(error as Error).message}`, null);
  }
  const text = await response.text();
  if (!response.ok)
    throw new AggregatorCallError(`${response.status} ${text.slice(0, 200)}`, response.status);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
