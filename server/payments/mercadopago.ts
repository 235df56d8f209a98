import {
  MercadoPagoConfig,
  MercadoPagoError,
  Payment,
  PaymentRefund,
  PreApproval,
  Preference,
  WebhookSignatureValidator,
} from "mercadopago";
import type { PaymentResponse } from "mercadopago/dist/clients/payment/commonTypes";
import type { AutoRecurringWithFreeTrial } from "mercadopago/dist/clients/preApproval/commonTypes";
import type { Options } from "mercadopago/dist/types";
import { centsToNumber, toCents } from "../../domain/money";
import type { RefundInput, RefundOutcome } from "./gateway";

/**
 * Mercado Pago through its official SDK (`mercadopago`, decision 0034): Checkout Pro preferences
 * for one-off packages, preapprovals for subscriptions, payments read back by id, refunds, and
 * the x-signature check of its webhooks. Every call that creates or moves money carries
 * X-Idempotency-Key (the SDK's `idempotencyKey`), so a retried checkout or refund is the same
 * preference, preapproval or refund at Mercado Pago.
 */

export const MERCADOPAGO_API = "https://api.mercadopago.com";

export type MercadoPagoOptions = {
  accessToken: string;
  webhookSecret: string;
  /** MERCADOPAGO_API_URL: Mercado Pago's API, or the in-test fake. */
  apiUrl: string;
  /** Money is charged in this currency (MXN). */
  currency: string;
};

export class MercadoPagoFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`Mercado Pago ${status} ${code}`);
  }
}

/** A payment as our checkout reads it (Mercado Pago's own field names, amounts in centavos). */
export type MpPayment = {
  id: string;
  status: string;
  status_detail: string;
  /** Our purchase id (the preference's or the preapproval's external_reference). */
  external_reference: string | null;
  amount_cents: number;
  refunded_cents: number;
  currency: string;
  date: Date;
  /** The preapproval (subscription) that charged it, when it is a subscription's charge. */
  preapproval_id: string | null;
  /** The card's last 4 digits when a card paid it (the receipt names it, decision 0051). */
  card_last4: string | null;
};

export type MpPreapproval = {
  id: string;
  /** pending (not authorised yet), authorized, paused or cancelled. */
  status: string;
  external_reference: string | null;
  init_point: string;
};

/** One charge of a preapproval (GET /authorized_payments/:id), with the payment it made. */
export type MpAuthorizedPayment = {
  id: string;
  preapproval_id: string;
  amount_cents: number;
  date: Date;
  payment: { id: string; status: string } | null;
};

const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");
type Dispatcher = { dispatch(options: Record<string, unknown>, handler: unknown): boolean };

/**
 * The SDK only knows Mercado Pago's host (no base-URL option) and calls Node's global fetch. For
 * another MERCADOPAGO_API_URL (the in-test fake) every call gets this dispatcher (fetch's
 * documented `dispatcher` option, which the SDK passes through): the request still names
 * api.mercadopago.com, and Node's own dispatcher connects it to the fake's origin instead.
 */
function redirectTo(origin: string): Dispatcher {
  return {
    dispatch(options, handler) {
      const global = (globalThis as Record<symbol, Dispatcher | undefined>)[GLOBAL_DISPATCHER];
      if (!global) throw new Error("fetch dispatcher not initialised");
      return global.dispatch({ ...options, origin }, handler);
    },
  };
}

const dateOr = (value: string | undefined | null, fallback: Date) => {
  const date = value ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
};
const cents = (value: number | undefined | null) =>
  typeof value === "number" ? toCents(value.toFixed(2)) : 0;

/** The SDK's errors as ours: the HTTP status and Mercado Pago's error code (or UNREACHABLE). */
async function sdk<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status > 0)
      throw new MercadoPagoFailure(error.status, error.error || "ERROR");
    throw new MercadoPagoFailure(503, "UNREACHABLE");
  }
}

function toPayment(p: PaymentResponse): MpPayment {
  return {
    id: String(p.id ?? ""),
    status: p.status ?? "",
    status_detail: p.status_detail ?? "",
    external_reference: p.external_reference || null,
    amount_cents: cents(p.transaction_amount),
    refunded_cents: cents(p.transaction_amount_refunded),
    currency: (p.currency_id ?? "").toUpperCase(),
    date: dateOr(p.date_approved ?? p.date_created, new Date()),
    preapproval_id: p.point_of_interaction?.transaction_data?.subscription_id || null,
    card_last4: p.card?.last_four_digits || null,
  };
}

export function createMercadoPagoClient(options: MercadoPagoOptions) {
  const base = options.apiUrl.replace(/\/$/, "");
  const dispatcher = base === MERCADOPAGO_API ? undefined : redirectTo(base);
  const currency = options.currency.toUpperCase();
  /**
   * A config per call: the SDK's clients merge each call's options into their config object, so a
   * shared one would carry one call's idempotency key into the next.
   */
  const config = (idempotencyKey?: string) =>
    new MercadoPagoConfig({
      accessToken: options.accessToken,
      options: {
        timeout: 20_000,
        maxRetries: 2,
        ...(idempotencyKey ? { idempotencyKey } : {}),
        // Passed through to fetch by the SDK (see redirectTo).
        ...(dispatcher ? ({ dispatcher } as Options) : {}),
      },
    });

  /** The endpoints the SDK has no client for (authorized payments), over the same fetch. */
  async function get<T>(path: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${MERCADOPAGO_API}${path}`, {
        headers: { authorization: `Bearer ${options.accessToken}` },
        ...(dispatcher ? { dispatcher } : {}),
      } as RequestInit);
    } catch {
      throw new MercadoPagoFailure(503, "UNREACHABLE");
    }
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    if (!res.ok) throw new MercadoPagoFailure(res.status, body.error ?? "ERROR");
    return body as T;
  }

  return {
    /**
     * Checkout Pro: a preference for one payment of `amount_cents`; the browser goes to its
     * init_point. external_reference is our purchase id, which every payment of it carries.
     */
    async createPreference(input: {
      purchase_id: number;
      title: string;
      amount_cents: number;
      key: string;
      back_url: string;
      notification_url: string | null;
      payer_email?: string;
    }) {
      const preference = await sdk(() =>
        new Preference(config(input.key)).create({
          body: {
            items: [
              {
                id: String(input.purchase_id),
                title: input.title.slice(0, 250),
                quantity: 1,
                unit_price: centsToNumber(input.amount_cents),
                currency_id: currency,
              },
            ],
            external_reference: String(input.purchase_id),
            back_urls: { success: input.back_url, failure: input.back_url, pending: input.back_url },
            auto_return: "approved",
            ...(input.payer_email ? { payer: { email: input.payer_email } } : {}),
            ...(input.notification_url ? { notification_url: input.notification_url } : {}),
            statement_descriptor: input.title.slice(0, 22),
          },
        }),
      );
      if (!preference.id || !preference.init_point) throw new MercadoPagoFailure(502, "NO_INIT_POINT");
      return { id: preference.id, init_point: preference.init_point };
    },

    async getPayment(id: string): Promise<MpPayment> {
      return toPayment(await sdk(() => new Payment(config()).get({ id })));
    },

    /**
     * A subscription: Mercado Pago charges `price_cents` every `interval` months (or days) once
     * the buyer authorises it at init_point; a free trial delays the first charge.
     */
    async createPreapproval(input: {
      purchase_id: number;
      reason: string;
      price_cents: number;
      interval: number;
      period: "day" | "month" | "year";
      trial: { length: number; period: string } | null;
      payer_email: string;
      back_url: string;
      key: string;
    }): Promise<MpPreapproval> {
      const frequency = (length: number, period: string) =>
        period === "day"
          ? { frequency: length, frequency_type: "days" }
          : { frequency: period === "year" ? length * 12 : length, frequency_type: "months" };
      const autoRecurring: AutoRecurringWithFreeTrial = {
        ...frequency(input.interval, input.period),
        transaction_amount: centsToNumber(input.price_cents),
        currency_id: currency,
        ...(input.trial ? { free_trial: frequency(input.trial.length, input.trial.period) } : {}),
      };
      const created = await sdk(() =>
        new PreApproval(config(input.key)).create({
          body: {
            reason: input.reason.slice(0, 250),
            external_reference: String(input.purchase_id),
            payer_email: input.payer_email,
            back_url: input.back_url,
            status: "pending",
            auto_recurring: autoRecurring,
          },
        }),
      );
      if (!created.id || !created.init_point) throw new MercadoPagoFailure(502, "NO_INIT_POINT");
      return {
        id: created.id,
        status: created.status ?? "pending",
        external_reference: created.external_reference ?? null,
        init_point: created.init_point,
      };
    },

    async getPreapproval(id: string): Promise<MpPreapproval> {
      const found = await sdk(() => new PreApproval(config()).get({ id }));
      return {
        id: found.id ?? id,
        status: found.status ?? "",
        external_reference: found.external_reference ?? null,
        init_point: found.init_point ?? "",
      };
    },

    async getAuthorizedPayment(id: string): Promise<MpAuthorizedPayment> {
      const found = await get<{
        id: number | string;
        preapproval_id: string;
        transaction_amount?: number;
        date_created?: string;
        debit_date?: string;
        payment?: { id?: number | string; status?: string } | null;
      }>(`/authorized_payments/${encodeURIComponent(id)}`);
      return {
        id: String(found.id),
        preapproval_id: found.preapproval_id,
        amount_cents: cents(found.transaction_amount),
        date: dateOr(found.debit_date ?? found.date_created, new Date()),
        payment: found.payment?.id
          ? { id: String(found.payment.id), status: found.payment.status ?? "" }
          : null,
      };
    },

    /** Stops a preapproval: Mercado Pago charges it no more. */
    async cancelSubscription(id: string) {
      await sdk(() => new PreApproval(config(`cancel_${id}`)).update({ id, body: { status: "cancelled" } }));
    },

    /**
     * Gives back part or all of a Checkout Pro payment (its id is the purchase's provider_ref once
     * paid). A subscription's charges are refunded in Mercado Pago itself; their webhook records them.
     */
    async refund(input: RefundInput): Promise<RefundOutcome> {
      if (!/^\d+$/.test(input.payment_ref)) return { status: "failed", failure_code: "NOT_A_PAYMENT" };
      try {
        const refund = await sdk(() =>
          new PaymentRefund(config(input.idempotency_key)).create({
            payment_id: input.payment_ref,
            body: { amount: centsToNumber(input.amount_cents) },
          }),
        );
        if (refund.status === "rejected" || refund.status === "cancelled")
          return { status: "failed", failure_code: refund.status };
        return {
          status: refund.status === "approved" ? "succeeded" : "pending",
          refund_ref: String(refund.id),
        };
      } catch (error) {
        // 400: Mercado Pago refuses it (more than what is left, too old): a clear failure, not a 5xx.
        if (error instanceof MercadoPagoFailure && error.status === 400)
          return { status: "failed", failure_code: error.code };
        throw error;
      }
    },

    /**
     * Whether a webhook delivery comes from Mercado Pago: x-signature is `ts=<ts>,v1=<hmac>`, an
     * HMAC-SHA256 with our secret over `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (the
     * SDK's validator builds it; alphanumeric ids are signed in lower case).
     */
    verifyWebhook(input: { signature?: string; requestId?: string; dataId: string }): boolean {
      try {
        WebhookSignatureValidator.validate({
          xSignature: input.signature,
          xRequestId: input.requestId,
          dataId: /^[a-z0-9]+$/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId,
          secret: options.webhookSecret,
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type MercadoPagoClient = ReturnType<typeof createMercadoPagoClient>;
