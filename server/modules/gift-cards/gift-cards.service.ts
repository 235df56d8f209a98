import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { studioName } from "../../../domain/app-config";
import { isLocalDay, localDay, zonedInstant } from "../../../domain/booking";
import { type DeskPayment, deskProviderRef, parseDeskProviderRef } from "../../../domain/desk-sale";
import { AppError } from "../../../domain/errors";
import { formatDate, formatMoney } from "../../../domain/format";
import {
  codeFromBytes,
  formatGiftCode,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_STATUS_LABELS,
  GIFT_CODE_LENGTH,
  giftCardExpiry,
  giftCardRefundRefusal,
  giftCardStatus,
  MOVEMENT_LABELS,
  maskedGiftCode,
  normalizeGiftCode,
} from "../../../domain/gift-cards";
import { t } from "../../../domain/messages";
import { type MessageStatus, STATUS_LABEL_KEYS } from "../../../domain/messaging/delivery";
import { mexicanMobile } from "../../../domain/messaging/phone";
import { centsToNumber, centsToString, computeTotals, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { tellCustomer } from "../../plugins/customer-messages";
import { type Actor, recordAudit } from "../audit/audit.service";
import { renderEmail } from "../notifications/email-layout";
import { getPackage } from "../packages/packages.service";
import {
  balancePaidOfPurchases,
  deskRefundsAt,
  deskSalesAt,
  drawerLocationId,
  findGiftCard,
  findGiftCardByHash,
  findGiftCardByKey,
  type GiftCardRow,
  insertGiftCard,
  insertMovement,
  listDueDeliveries,
  listExpiredWithBalance,
  listGiftCards,
  listGiftCardsOfBuyer,
  listMovements,
  messagesOfGiftCard,
  readAccountCredit,
  updateGiftCard,
} from "./gift-cards.repository";
import { codeHash, moveCredit, spendGiftCard } from "./ledger";

/**
 * Gift cards (docs/product-rules.md#gift-cards, decision 0090): sold online (paid by card) or at
 * the counter, delivered by email on the buyer's date, spent in part at checkout and at the desk.
 */

type App = FastifyInstance;

export type GiftCardSale = {
  amount?: number | null;
  class_package_id?: number | null;
  buyer_name: string;
  buyer_email?: string | null;
  recipient_name: string;
  recipient_email?: string | null;
  message?: string | null;
  /** "YYYY-MM-DD" in the studio's zone; absent: now (or handed over at the counter). */
  deliver_on?: string | null;
  /** "HH:MM" on the studio's clock that day (absent: 8:00, or now if that is today). */
  deliver_time?: string | null;
  /** The recipient's WhatsApp, a Mexican mobile (decision 0131). */
  recipient_whatsapp?: string | null;
  idempotency_key: string;
};

/** The card's value: a whole-peso amount in the allowed range, or a package's price today. */
async function cardValue(db: Db, sale: GiftCardSale) {
  if (sale.class_package_id) {
    const pkg = await getPackage(db, sale.class_package_id, { admin: true });
    return { cents: computeTotals(pkg).total, pkg };
  }
  const cents = Math.round((sale.amount ?? 0) * 100);
  if (!Number.isInteger(sale.amount) || cents < GIFT_CARD_MIN_CENTS || cents > GIFT_CARD_MAX_CENTS) {
    throw AppError.of("GIFT_CARD_AMOUNT_INVALID", {
      params: { min: formatMoney(GIFT_CARD_MIN_CENTS / 100), max: formatMoney(GIFT_CARD_MAX_CENTS / 100) },
      fields: { amount: "Monto no válido" },
    });
  }
  return { cents, pkg: null };
}

/**
 * The delivery instant (decision 0131): `deliver_on` at `deliver_time` on the studio's clock
 * (8:00 when no time is given), from now to a year ahead; absent, now. A card sent by no channel
 * (neither email nor WhatsApp) is handed over by its buyer and has none. Never in the past.
 */
export function deliveryAt(
  sale: Pick<GiftCardSale, "deliver_on" | "deliver_time">,
  timeZone: string,
  now: Date,
  hasChannel: boolean,
) {
  const { deliver_on: day, deliver_time: time } = sale;
  if (!day) {
    if (time) throw AppError.of("GIFT_CARD_DELIVERY_INVALID", { fields: { deliver_on: "Falta la fecha" } });
    return hasChannel ? now : null;
  }
  if (!hasChannel)
    throw AppError.of("GIFT_CARD_DELIVERY_INVALID", { fields: { recipient_email: "Falta el correo" } });
  if (!isLocalDay(day))
    throw AppError.of("GIFT_CARD_DELIVERY_INVALID", { fields: { deliver_on: "Fecha no válida" } });
  if (time && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
    throw AppError.of("GIFT_CARD_DELIVERY_INVALID", { fields: { deliver_time: "Hora no válida" } });
  const today = localDay(now, timeZone);
  if (day < today) throw AppError.of("GIFT_CARD_DELIVERY_PAST", { fields: { deliver_on: "Ya pasó" } });
  if (day > localDay(new Date(now.getTime() + 366 * 86_400_000), timeZone))
    throw AppError.of("GIFT_CARD_DELIVERY_INVALID", { fields: { deliver_on: "Más de un año" } });
  if (!time) return day === today ? now : zonedInstant(day, "08:00", timeZone);
  const at = zonedInstant(day, time, timeZone);
  // The minute that is running counts as now (the form's "now" was a moment ago).
  if (at.getTime() < now.getTime() - 60_000)
    throw AppError.of("GIFT_CARD_DELIVERY_PAST", { fields: { deliver_time: "Ya pasó" } });
  return at.getTime() < now.getTime() ? now : at;
}

/** The recipient's WhatsApp as +52 and ten digits; a number that is not a Mexican mobile is a 400. */
function recipientPhone(input: string | null | undefined) {
  if (!input?.trim()) return null;
  const mobile = mexicanMobile(input);
  if (!mobile)
    throw AppError.of("MESSAGING_PHONE_INVALID", { fields: { recipient_whatsapp: "Celular no válido" } });
  return mobile;
}

/** A new code and its hash, drawn again in the (astronomically unlikely) case it exists. */
async function freshCode(db: Db) {
  for (;;) {
    const code = codeFromBytes(randomBytes(64), GIFT_CODE_LENGTH);
    if (!(await findGiftCardByHash(db, codeHash(code)))) return code;
  }
}

type Payment =
  | {
      via: "desk";
      payment: DeskPayment;
      reference?: string | null;
      actor: Actor;
      location_id?: number | null;
    }
  | { via: "online"; buyer_customer_id: number; gateway: CardGateway; payment_method: string };

/**
 * Sells a gift card. The row is written first ('pending', with its idempotency key) and activated
 * with its 'issue' movement once paid: online, after the processor confirms the charge (the key
 * makes a retried request the same charge); at the desk, at once (the desk took the money).
 * Answers the code, grouped, once: it is kept only as a hash (and until its email goes out).
 */
export async function sellGiftCard(app: App, sale: GiftCardSale, payment: Payment, now = new Date()) {
  const config = await app.appConfig.get();
  if (!config.gift_cards_enabled) throw AppError.of("GIFT_CARDS_DISABLED");
  const seen = await findGiftCardByKey(app.db, sale.idempotency_key);
  if (seen) {
    if (seen.state !== "active") throw AppError.of("GIFT_CARD_KEY_REUSED");
    return { gift_card: giftCardOut(seen, config.timezone, now), code: null };
  }
  const { cents, pkg } = await cardValue(app.db, sale);
  const recipient_phone = recipientPhone(sale.recipient_whatsapp);
  const deliver_at = deliveryAt(
    sale,
    config.timezone,
    now,
    Boolean(sale.recipient_email?.trim() || recipient_phone),
  );
  const code = await freshCode(app.db);
  const months = config.gift_card_validity_months ?? 12;
  const base = {
    code_hash: codeHash(code),
    code_last4: code.slice(-4),
    undelivered_code: deliver_at ? code : null,
    amount: centsToString(cents),
    balance: "0",
    class_package_id: pkg?.class_package_id ?? null,
    package_title: pkg?.title ?? null,
    buyer_name: sale.buyer_name.trim(),
    buyer_email: sale.buyer_email?.trim() || null,
    recipient_name: sale.recipient_name.trim(),
    recipient_email: sale.recipient_email?.trim().toLowerCase() || null,
    recipient_phone,
    message: sale.message?.trim() || null,
    deliver_at,
    expires_at: giftCardExpiry(now, months > 0 ? months : 12),
    idempotency_key: sale.idempotency_key,
    createdAt: now,
    updatedAt: now,
  };
  let card: GiftCardRow | null;
  if (payment.via === "desk") {
    card = await app.db.transaction(async (tx) => {
      const row = await insertGiftCard(tx, {
        ...base,
        sold_via: "desk",
        payment_provider: "desk",
        payment_ref: deskProviderRef(payment.payment, payment.reference),
        collected_by: payment.actor.user_id,
        // The drawer that took the money (the first location when the desk names none): its cash close.
        collected_location_id: await drawerLocationId(tx, payment.location_id),
      });
      if (!row) return null;
      const active = await activate(tx, row, now);
      await recordAudit(tx, {
        actor_user_id: payment.actor.user_id,
        action: "gift_card.sell",
        entity: "gift_card",
        entity_id: row.gift_card_id,
        details: { amount: centsToNumber(cents), payment: payment.payment },
      });
      return active;
    });
  } else {
    card = await insertGiftCard(app.db, {
      ...base,
      sold_via: "online",
      buyer_customer_id: payment.buyer_customer_id,
      payment_provider: payment.gateway.name,
    });
    if (card) card = await chargeOnline(app, card, payment, now);
  }
  if (!card) throw AppError.of("GIFT_CARD_KEY_REUSED");
  await deliverDueGiftCards(app, now);
  return { gift_card: giftCardOut(card, config.timezone, now), code: formatGiftCode(code) };
}

/** The card's charge: recorded before (the pending row with its key), confirmed after (decision 0066). */
async function chargeOnline(
  app: App,
  card: GiftCardRow,
  payment: Extract<Payment, { via: "online" }>,
  now: Date,
) {
  const amount_cents = toCents(card.amount);
  const intent = await payment.gateway.createIntent({
    amount_cents,
    idempotency_key: `gift_card_${card.idempotency_key}`,
    description: t("giftCardSold"),
    metadata: { gift_card_id: String(card.gift_card_id) },
  });
  await updateGiftCard(app.db, card.gift_card_id, { payment_ref: intent.id });
  const outcome = await payment.gateway.confirmIntent({
    intent,
    amount_cents,
    payment_method: payment.payment_method,
  });
  if (outcome.status !== "succeeded") {
    await updateGiftCard(app.db, card.gift_card_id, { state: "void", undelivered_code: null });
    throw AppError.of(
      402,
      "CARD_DECLINED",
      "cardDeclinedByBank",
      {},
      {
        details: { decline_code: outcome.status === "declined" ? outcome.decline_code : "requires_action" },
      },
    );
  }
  return app.db.transaction(async (tx) =>
    activate(tx, (await findGiftCard(tx, card.gift_card_id, true))!, now),
  );
}

/** Paid: the balance appears with its 'issue' movement (once: an active card is left as it is). */
async function activate(tx: Db, card: GiftCardRow, now: Date) {
  if (card.state === "active") return card;
  const active = await updateGiftCard(tx, card.gift_card_id, {
    state: "active",
    balance: card.amount,
    sold_at: now,
    updatedAt: now,
  });
  await insertMovement(tx, {
    gift_card_id: card.gift_card_id,
    kind: "issue",
    amount: card.amount,
    balance_after: card.amount,
    createdAt: now,
  });
  return active;
}

/**
 * Sends the cards whose delivery time came (the gift-card-delivery job, and right after a sale):
 * each is claimed by clearing its code in a transaction, then emailed and, when the buyer gave
 * the recipient's WhatsApp, queued there too (one message per card: its dedupe key); at most once.
 */
export async function deliverDueGiftCards(app: App, now = new Date()) {
  const config = await app.appConfig.get();
  let sent = 0;
  for (const { gift_card_id } of await listDueDeliveries(app.db, now)) {
    const claimed = await app.db.transaction(async (tx) => {
      const card = await findGiftCard(tx, gift_card_id, true);
      if (!card?.undelivered_code || card.delivered_at) return null;
      await updateGiftCard(tx, gift_card_id, { undelivered_code: null, delivered_at: now });
      return card;
    });
    if (!claimed?.undelivered_code) continue;
    const code = formatGiftCode(claimed.undelivered_code);
    const studio = studioName(config);
    const amount = formatMoney(claimed.amount);
    const expires = formatDate(claimed.expires_at, config.timezone);
    const forWhat = claimed.package_title ? ` (para ${claimed.package_title})` : "";
    if (claimed.recipient_phone) {
      // The messaging module queues it (it depends on modules that depend on this one).
      await tellCustomer(app.db, {
        kind: "gift_card_whatsapp",
        giftCardId: gift_card_id,
        phone: claimed.recipient_phone,
        name: claimed.recipient_name,
        text: [
          `${claimed.buyer_name} te regala una tarjeta de regalo de ${amount}${forWhat}.`,
          ...(claimed.message ? [`"${claimed.message}"`] : []),
          `Tu código: ${code}. Úsalo al pagar en línea o en recepción hasta el ${expires}.`,
        ].join(" "),
        at: now,
      });
    }
    if (claimed.recipient_email) {
      const email = renderEmail(config, app.config.publicUrl, {
        title: t("giftCardEmailSubject", { buyer: claimed.buyer_name, amount, studio }),
        lines: [
          `Hola ${claimed.recipient_name}:`,
          `${claimed.buyer_name} te regala una tarjeta de regalo de ${amount}${forWhat} en ${studio}.`,
          ...(claimed.message ? [`"${claimed.message}"`] : []),
          `Tu código: ${code}`,
          `Úsalo al pagar en línea o en recepción, en una o varias compras, hasta el ${expires}.`,
        ],
        action: { label: "Ver paquetes", url: `${app.config.publicUrl.replace(/\/$/, "")}/paquetes` },
      });
      await app.mailer.send({
        to: claimed.recipient_email,
        template: "gift-card",
        ...email,
        secrets: [code],
      });
    }
    sent += 1;
  }
  return sent;
}

/**
 * A card past its expiry keeps no balance (docs/product-rules.md#gift-card-expiry, decision 0131):
 * its remainder is written off with an 'expire' movement, once, each card locked as any spender
 * locks it (a payment given back to an expired card later is written off by the next run).
 */
export async function expireGiftCards(app: Pick<App, "db">, now = new Date()) {
  let expired = 0;
  for (const { gift_card_id } of await listExpiredWithBalance(app.db, now)) {
    const done = await app.db.transaction(async (tx) => {
      const card = await findGiftCard(tx, gift_card_id, true);
      if (!card || card.state !== "active" || card.expires_at > now) return false;
      const cents = toCents(card.balance);
      if (cents <= 0) return false;
      await updateGiftCard(tx, gift_card_id, { balance: "0", updatedAt: now });
      await insertMovement(tx, {
        gift_card_id,
        kind: "expire",
        amount: centsToString(-cents),
        balance_after: "0",
        createdAt: now,
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

export function giftCardOut(card: GiftCardRow, timeZone: string, now: Date) {
  const balance_cents = toCents(card.balance);
  const status = giftCardStatus({ state: card.state, balance_cents, expires_at: card.expires_at }, now);
  return {
    gift_card_id: card.gift_card_id,
    code: maskedGiftCode(card.code_last4),
    amount: centsToNumber(toCents(card.amount)),
    balance: centsToNumber(balance_cents),
    status,
    status_label: GIFT_CARD_STATUS_LABELS[status],
    package_title: card.package_title,
    sold_via: card.sold_via,
    buyer_name: card.buyer_name,
    recipient_name: card.recipient_name,
    recipient_email: card.recipient_email,
    recipient_whatsapp: card.recipient_phone,
    message: card.message,
    deliver_at: card.deliver_at,
    delivered_at: card.delivered_at,
    expires_at: card.expires_at,
    expires_label: formatDate(card.expires_at, timeZone),
    sold_at: card.sold_at,
    createdAt: card.createdAt,
  };
}

/** GET /gift-cards/balance?code=: what a code holds (rate limited by the route: no guessing). */
export async function checkGiftCard(app: App, input: string, now = new Date()) {
  const code = normalizeGiftCode(input);
  const card = code ? await findGiftCardByHash(app.db, codeHash(code)) : null;
  if (!card || card.state === "pending")
    throw AppError.of("GIFT_CARD_INVALID", { fields: { code: "Código no válido" } });
  const config = await app.appConfig.get();
  const out = giftCardOut(card, config.timezone, now);
  return {
    code: out.code,
    balance: out.balance,
    amount: out.amount,
    status: out.status,
    status_label: out.status_label,
    expires_at: out.expires_at,
    expires_label: out.expires_label,
    package_title: out.package_title,
  };
}

export async function adminGiftCards(app: App, q: { q?: string; page: number }, now = new Date()) {
  const config = await app.appConfig.get();
  const limit = 50;
  const { rows, total } = await listGiftCards(app.db, {
    q: q.q?.trim() || undefined,
    limit,
    offset: (q.page - 1) * limit,
  });
  return {
    gift_cards: rows.map((r) => giftCardOut(r, config.timezone, now)),
    total,
    page: q.page,
    page_size: limit,
  };
}

export async function giftCardDetail(app: App, id: number, now = new Date()) {
  const card = await findGiftCard(app.db, id);
  if (!card) throw AppError.of("GIFT_CARD_NOT_FOUND");
  const config = await app.appConfig.get();
  return {
    gift_card: giftCardOut(card, config.timezone, now),
    movements: (await listMovements(app.db, { gift_card_id: id })).map(movementOut),
    deliveries: (await messagesOfGiftCard(app.db, id)).map((m) => {
      const label = STATUS_LABEL_KEYS[m.status as MessageStatus];
      return {
        message_id: m.message_id,
        channel: m.channel,
        address: m.address,
        status: m.status,
        status_label: label ? t(label) : "Enviando",
        error: m.error,
        createdAt: m.createdAt,
        status_at: m.status_at,
      };
    }),
  };
}

const csvCell = (v: unknown) => {
  const s = v == null ? "" : String(v);
  // A cell a spreadsheet would run as a formula is quoted as text (CSV injection).
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export async function giftCardsCsv(app: App, now = new Date()) {
  const config = await app.appConfig.get();
  const { rows } = await listGiftCards(app.db, { limit: 100_000, offset: 0 });
  const head = [
    "Código",
    "Estado",
    "Monto",
    "Saldo",
    "Vence",
    "Vendida",
    "Canal",
    "Compró",
    "Para",
    "Correo",
  ];
  const lines = rows.map((r) => {
    const o = giftCardOut(r, config.timezone, now);
    return [
      o.code,
      o.status_label,
      o.amount.toFixed(2),
      o.balance.toFixed(2),
      o.expires_label,
      o.sold_at ? formatDate(o.sold_at, config.timezone) : "",
      o.sold_via === "desk" ? "Recepción" : "En línea",
      o.buyer_name,
      o.recipient_name,
      o.recipient_email ?? "",
    ]
      .map(csvCell)
      .join(",");
  });
  return `\uFEFF${[head.join(","), ...lines].join("\n")}\n`;
}

type Movement = Awaited<ReturnType<typeof listMovements>>[number];
export function movementOut({ movement: m, actor_name }: Movement) {
  return {
    balance_movement_id: m.balance_movement_id,
    kind: m.kind,
    label: MOVEMENT_LABELS[m.kind],
    amount: centsToNumber(toCents(m.amount)),
    balance_after: centsToNumber(toCents(m.balance_after)),
    purchase_id: m.purchase_id,
    note: m.note,
    actor_name: actor_name ?? null,
    createdAt: m.createdAt,
  };
}

/**
 * Gives a gift card's price back to its buyer (docs/product-rules.md#gift-card-refunds): unused,
 * active and within 30 days of the sale. The card is emptied with a movement and marked refunded
 * in the same transaction; a card paid online is refunded at its processor first, a desk sale
 * is handed back by the desk.
 */
export async function refundGiftCard(
  app: App,
  gateway: CardGateway,
  actor: Actor,
  id: number,
  now = new Date(),
) {
  const card = await findGiftCard(app.db, id);
  if (!card) throw AppError.of("GIFT_CARD_NOT_FOUND");
  const refusal = giftCardRefundRefusal(
    {
      state: card.state,
      amount_cents: toCents(card.amount),
      balance_cents: toCents(card.balance),
      sold_at: card.sold_at ?? card.createdAt,
    },
    now,
  );
  if (refusal) throw AppError.of(refusal);
  const refunded = await app.db.transaction(async (tx) => {
    const locked = (await findGiftCard(tx, id, true))!;
    // Spent meanwhile (a checkout took part of it while we checked): not refundable any more.
    if (locked.state !== "active" || locked.balance !== locked.amount)
      throw AppError.of("GIFT_CARD_NOT_REFUNDABLE");
    const row = await updateGiftCard(tx, id, {
      state: "refunded",
      balance: "0",
      refunded_at: now,
      undelivered_code: null,
      updatedAt: now,
    });
    await insertMovement(tx, {
      gift_card_id: id,
      kind: "refund_to_buyer",
      amount: centsToString(-toCents(locked.amount)),
      balance_after: "0",
      actor_user_id: actor.user_id,
      createdAt: now,
    });
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "gift_card.refund",
      entity: "gift_card",
      entity_id: id,
      details: { amount: Number(locked.amount) },
    });
    return row;
  });
  if (card.sold_via === "online" && card.payment_ref) {
    // After the card can no longer be spent: the processor's refund keyed on the card, so a retry is the same refund.
    await gateway.refund({
      payment_ref: card.payment_ref,
      amount_cents: toCents(card.amount),
      idempotency_key: `gift_card_refund_${id}`,
      refund_id: 0,
    });
  }
  const config = await app.appConfig.get();
  return giftCardOut(refunded, config.timezone, now);
}

// ---------------------------------------------------------------- account credit (saldo a favor)

export async function creditOf(db: Db, customerId: number) {
  return {
    balance: centsToNumber(toCents(await readAccountCredit(db, customerId))),
    movements: (await listMovements(db, { customer_id: customerId })).map(movementOut),
  };
}

/** A staff correction of a customer's credit (± with a reason), audited; never below zero. */
export async function adjustCredit(
  db: Db,
  actor: Actor,
  customerId: number,
  input: { amount: number; note: string },
  now = new Date(),
) {
  const cents = Math.round(input.amount * 100);
  if (!cents || !input.note.trim()) throw AppError.of("CREDIT_ADJUST_INVALID");
  return db.transaction(async (tx) => {
    const { balance_cents } = await moveCredit(tx, customerId, cents, "adjust", {
      note: input.note.trim(),
      actor_user_id: actor.user_id,
      now,
    });
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "credit.adjust",
      entity: "customer",
      entity_id: customerId,
      customer_id: customerId,
      details: { amount: input.amount, note: input.note.trim() },
    });
    return { balance: centsToNumber(balance_cents) };
  });
}

/** POST /gift-cards/admin/redeem: the desk takes part of a card's balance for a sale at the counter. */
export async function redeemAtDesk(
  db: Db,
  actor: Actor,
  input: { code: string; amount: number; note?: string | null },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const spent = await spendGiftCard(tx, {
      code: input.code,
      want_cents: Math.round(input.amount * 100),
      kind: "desk_spend",
      note: input.note ?? null,
      actor_user_id: actor.user_id,
      now,
    });
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "gift_card.redeem",
      entity: "gift_card",
      entity_id: spent.gift_card_id,
      details: { amount: centsToNumber(spent.spent_cents) },
    });
    return { spent: centsToNumber(spent.spent_cents), balance: centsToNumber(spent.balance_cents) };
  });
}

/** GET /gift-cards/me: the customer's saldo a favor with every movement, and the cards they bought. */
export async function myBalances(app: App, customerId: number, now = new Date()) {
  const config = await app.appConfig.get();
  const credit = await creditOf(app.db, customerId);
  const bought = await listGiftCardsOfBuyer(app.db, customerId);
  return { ...credit, gift_cards_bought: bought.map((c) => giftCardOut(c, config.timezone, now)) };
}

// ---------------------------------------------------------------- the cash close (decision 0123)

/**
 * The gift cards the desk sold (+) and handed back (−) at a location in [from, to), with the
 * method they were paid by: the drawer's money like any counter sale.
 */
export async function giftCardCashLines(db: Db, locationId: number, from: Date, to: Date) {
  const [sales, refunds] = await Promise.all([
    deskSalesAt(db, locationId, from, to),
    deskRefundsAt(db, locationId, from, to),
  ]);
  const lines = [];
  for (const [rows, sign] of [
    [sales, 1],
    [refunds, -1],
  ] as const) {
    for (const r of rows) {
      const desk = parseDeskProviderRef(r.payment_ref);
      if (!desk || !r.at) continue;
      lines.push({
        at: r.at,
        cents: sign * toCents(r.amount),
        method: desk.payment,
        reference: desk.reference,
        staff_user_id: r.staff_user_id,
        staff_name: r.staff_name,
        buyer_name: r.buyer_name,
        gift_card_id: r.gift_card_id,
      });
    }
  }
  return lines;
}

/** What balances paid of each purchase, in centavos: not money the drawer took (decision 0123). */
export async function balancePaidCents(db: Db, purchaseIds: number[]) {
  const rows = await balancePaidOfPurchases(db, [...new Set(purchaseIds)]);
  return new Map(rows.map((r) => [r.purchase_id!, -toCents(r.net)]));
}
