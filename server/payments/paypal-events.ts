import { z } from "zod";
import { toCents } from "../../domain/money";

/**
 * PayPal's webhook events (already verified), reduced to the few a subscription purchase reacts
 * to. One-off orders need none: we capture them ourselves (POST /checkout/capture).
 */
export type PaypalEvent =
  | {
      id: string;
      /** PAYMENT.SALE.COMPLETED of a subscription: one charge, keyed by its sale id. */
      type: "sale_completed";
      sale_id: string;
      subscription_id: string;
      amount_cents: number;
      at: Date;
    }
  | { id: string; type: "subscription_activated"; subscription_id: string; plan_id: string | null }
  | {
      id: string;
      /** CANCELLED, SUSPENDED or EXPIRED: PayPal bills it no more. */
      type: "subscription_ended";
      subscription_id: string;
      plan_id: string | null;
      /** Suspended after failed payments (PayPal's payment_failure_threshold), not by anyone's choice. */
      unpaid: boolean;
    }
  | {
      id: string;
      type: "payment_failed";
      subscription_id: string;
      plan_id: string | null;
      amount_cents: number | null;
      at: Date;
    }
  | {
      id: string;
      /** PAYMENT.CAPTURE.REFUNDED: money given back on a one-off order's capture. */
      type: "capture_refunded";
      capture_id: string;
      refund_ref: string;
      amount_cents: number;
      /** Ours when we made it (custom_id "refund:<id>"); absent for one made in PayPal's dashboard. */
      refund_id?: number;
    }
  | { id: string; type: "ignored"; event_type: string };

const money = z.object({ value: z.string().optional(), total: z.string().optional() }).loose();
const envelope = z
  .object({
    id: z.string().min(1).max(200),
    event_type: z.string().max(200),
    create_time: z.string().optional(),
    resource: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
const sale = z
  .object({
    id: z.string().min(1),
    billing_agreement_id: z.string().min(1).optional(),
    amount: money.optional(),
    create_time: z.string().optional(),
  })
  .loose();
const subscription = z
  .object({
    id: z.string().min(1),
    plan_id: z.string().optional(),
    billing_info: z
      .object({
        failed_payments_count: z.number().optional(),
        last_failed_payment: z
          .object({ amount: money.optional(), time: z.string().optional() })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

const refund = z
  .object({
    id: z.string().min(1).max(200),
    amount: money.optional(),
    custom_id: z.string().optional(),
    links: z.array(z.object({ rel: z.string(), href: z.string() }).loose()).optional(),
  })
  .loose();

const dateOr = (value: string | undefined, fallback: Date) => {
  const date = value ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
};
const centsOf = (m: z.infer<typeof money> | undefined) => {
  const value = m?.total ?? m?.value;
  return value && /^\d+(\.\d{1,2})?$/.test(value) ? toCents(value) : null;
};

/** null: not a PayPal event at all (the route answers 400). */
export function parsePaypalEvent(body: unknown): PaypalEvent | null {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return null;
  const event = parsed.data;
  const ignored: PaypalEvent = { id: event.id, type: "ignored", event_type: event.event_type };
  const created = dateOr(event.create_time, new Date());

  if (event.event_type === "PAYMENT.SALE.COMPLETED") {
    const resource = sale.safeParse(event.resource);
    // A sale without a billing agreement is not a subscription's charge.
    if (!resource.success || !resource.data.billing_agreement_id) return ignored;
    return {
      id: event.id,
      type: "sale_completed",
      sale_id: resource.data.id,
      subscription_id: resource.data.billing_agreement_id,
      amount_cents: centsOf(resource.data.amount) ?? 0,
      at: dateOr(resource.data.create_time, created),
    };
  }
  if (event.event_type === "PAYMENT.CAPTURE.REFUNDED") {
    const resource = refund.safeParse(event.resource);
    if (!resource.success) return ignored;
    // The refunded capture is the refund's "up" link (…/v2/payments/captures/<id>).
    const up = resource.data.links?.find((l) => l.rel === "up")?.href ?? "";
    const capture_id = /\/captures\/([^/?#]+)/.exec(up)?.[1];
    const cents = centsOf(resource.data.amount);
    if (!capture_id || cents === null) return ignored;
    const ours = /^refund:(\d+)$/.exec(resource.data.custom_id ?? "")?.[1];
    return {
      id: event.id,
      type: "capture_refunded",
      capture_id: decodeURIComponent(capture_id),
      refund_ref: resource.data.id,
      amount_cents: cents,
      ...(ours ? { refund_id: Number(ours) } : {}),
    };
  }
  if (!event.event_type.startsWith("BILLING.SUBSCRIPTION.")) return ignored;
  const resource = subscription.safeParse(event.resource);
  if (!resource.success) return ignored;
  const sub = resource.data;
  const base = { id: event.id, subscription_id: sub.id, plan_id: sub.plan_id ?? null };
  switch (event.event_type) {
    case "BILLING.SUBSCRIPTION.ACTIVATED":
      return { ...base, type: "subscription_activated" };
    case "BILLING.SUBSCRIPTION.CANCELLED":
    case "BILLING.SUBSCRIPTION.EXPIRED":
      return { ...base, type: "subscription_ended", unpaid: false };
    case "BILLING.SUBSCRIPTION.SUSPENDED":
      return {
        ...base,
        type: "subscription_ended",
        unpaid: (sub.billing_info?.failed_payments_count ?? 0) > 0,
      };
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED": {
      const last = sub.billing_info?.last_failed_payment;
      return {
        ...base,
        type: "payment_failed",
        amount_cents: centsOf(last?.amount),
        at: dateOr(last?.time, created),
      };
    }
    default:
      return ignored;
  }
}
