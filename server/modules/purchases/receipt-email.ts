import type { FastifyInstance } from "fastify";
import { deskPaymentText } from "../../../domain/desk-sale";
import { effectiveIvaRate } from "../../../domain/fiscal/iva";
import { accessUntilText } from "../../../domain/subscription-cancel";
import { brandOf } from "../mail/templates/brand";
import { type PurchaseFacts, purchaseGiftEmail, purchaseReceiptEmail } from "../mail/templates/purchases";
import { renderEmail } from "../notifications/email-layout";
import { paymentCompleted } from "./payment-completed";
import {
  claimReceipts,
  findPurchaseDetail,
  listReceiptDueInvoices,
  offlineMethodOf,
} from "./purchases.repository";
import { renewalVoucherMethodOf } from "./renewal-vouchers.repository";

type App = Pick<FastifyInstance, "db" | "appConfig" | "mailer" | "config" | "log">;
type Due = Awaited<ReturnType<typeof listReceiptDueInvoices>>[number];

/** The way a payment was made, as a receipt says it ("Tarjeta terminación 4242", "OXXO", the desk's). */
export function paymentText(
  purchase: { provider: string; provider_ref: string | null },
  extra: { offline: "oxxo" | "spei" | null; card_last4: string | null },
): string {
  const desk = deskPaymentText(purchase.provider_ref);
  if (desk) return desk;
  if (extra.offline === "oxxo") return "OXXO";
  if (extra.offline === "spei") return "Transferencia SPEI";
  if (purchase.provider === "sandbox" || purchase.provider === "stripe")
    return extra.card_last4 ? `Tarjeta terminación ${extra.card_last4}` : "Tarjeta";
  // Mercado Pago paid by card: the wallet and the card both named.
  if (purchase.provider === "mercadopago" && extra.card_last4)
    return `Mercado Pago · Tarjeta terminación ${extra.card_last4}`;
  return (
    ({ cash: "Efectivo", paypal: "PayPal", mercadopago: "Mercado Pago" } as Record<string, string>)[
      purchase.provider
    ] ?? "Mostrador"
  );
}

/**
 * One payment's charges: a checkout charge (no processor ref of its own) goes with the other
 * checkout charges of the same payment (the sign-up fee paid with the package: same processor
 * reference, opened in the same transaction); a renewal charge is a payment of its own.
 */
function paymentKey({ invoice, purchase }: Due): string {
  if (invoice.provider_ref || !purchase.provider_ref) return `invoice:${invoice.invoice_id}`;
  return `payment:${purchase.customer_id}:${purchase.provider}:${purchase.provider_ref}:${purchase.createdAt.getTime()}`;
}

/**
 * Sends the receipt of every completed payment that has none yet (decision 0051): one receipt per
 * payment, exactly once (its charges are claimed, `receipt_sent_at`, before the email is written;
 * a second caller claims nothing). With a customer: theirs, right after their payment; without:
 * everyone's (the job's backstop for any path that did not ask). A payment of nothing (a free
 * offer, a trial's first charge) is claimed and sends nothing. Never throws.
 */
export async function sendDueReceipts(app: App, customerId: number | null, now = new Date()) {
  let sent = 0;
  try {
    const due = await listReceiptDueInvoices(app.db, customerId);
    if (due.length === 0) return 0;
    const config = await app.appConfig.get();
    const groups = new Map<string, Due[]>();
    for (const row of due) groups.set(paymentKey(row), [...(groups.get(paymentKey(row)) ?? []), row]);
    for (const rows of groups.values()) {
      const claimed = new Set(
        (
          await claimReceipts(
            app.db,
            rows.map((r) => r.invoice.invoice_id),
            now,
          )
        ).map((c) => c.invoice_id),
      );
      const lines = rows.filter((r) => claimed.has(r.invoice.invoice_id));
      // The package first, the sign-up fee on its own line after it.
      lines.sort(
        (a, b) =>
          Number(a.purchase.class_package_id === config.signup_fee_package_id) -
            Number(b.purchase.class_package_id === config.signup_fee_package_id) ||
          a.invoice.invoice_id - b.invoice.invoice_id,
      );
      const lead = lines[0];
      if (!lead) continue;
      const totalCents = lines.reduce((sum, r) => sum + Math.round(Number(r.invoice.total_payment) * 100), 0);
      if (totalCents <= 0 || lead.purchase.is_gift) continue;
      const detail = await findPurchaseDetail(app.db, lead.purchase.purchase_id);
      if (!detail) continue;
      const renewal = Boolean(lead.invoice.provider_ref && lead.invoice.period_start);
      const facts: PurchaseFacts = {
        purchaseId: lead.purchase.purchase_id,
        folio: String(lead.invoice.invoice_id).padStart(6, "0"),
        title: renewal ? `${lead.purchase.title} (renovación)` : lead.purchase.title,
        createdAt: now,
        classAmount: lead.purchase.class_amount,
        unlimited: lead.pkg.is_unlimited_membership,
        expiresAt: renewal ? lead.invoice.period_end : lead.purchase.expiration_date,
        payment: paymentText(lead.purchase, {
          offline:
            (renewal ? await renewalVoucherMethodOf(app.db, lead.invoice.invoice_id) : null) ??
            (await offlineMethodOf(app.db, lead.purchase)),
          card_last4: lead.invoice.card_last4,
        }),
        total: (totalCents / 100).toFixed(2),
        ivaRate: effectiveIvaRate(lead.purchase.iva_rate, lead.pkg.iva_rate),
        lines: lines.map((r) => ({
          title: r === lead && renewal ? `${r.purchase.title} (renovación)` : r.purchase.title,
          total: r.invoice.total_payment,
          ivaRate: effectiveIvaRate(r.purchase.iva_rate, r.pkg.iva_rate),
        })),
      };
      const email = await purchaseReceiptEmail(brandOf(config, app.config.publicUrl), facts);
      await app.mailer.send({ to: detail.email, template: "purchase-receipt", ...email });
      sent++;
    }
  } catch (error) {
    app.log.error({ err: error, customerId }, "receipt emails failed");
  }
  return sent;
}

/**
 * After a purchase was paid or given at the desk, a cash payment was confirmed, a voucher was
 * paid: the customer's due receipts (this payment's among them, once) or, for a gift, the note
 * that the studio gave it; then the payment-completed listeners. Never throws.
 */
export async function sendPurchaseReceipt(app: FastifyInstance, purchaseId: number): Promise<void> {
  try {
    const detail = await findPurchaseDetail(app.db, purchaseId);
    if (!detail) return;
    const { purchase, pkg } = detail;
    if (purchase.is_gift) {
      const brand = brandOf(await app.appConfig.get(), app.config.publicUrl);
      const email = await purchaseGiftEmail(brand, {
        purchaseId: purchase.purchase_id,
        title: purchase.title,
        createdAt: purchase.createdAt,
        classAmount: purchase.class_amount,
        unlimited: pkg.is_unlimited_membership,
        expiresAt: purchase.expiration_date,
        payment: "Regalo",
        total: purchase.total_payment,
      });
      await app.mailer.send({ to: detail.email, template: "purchase-gift", ...email });
    }
    await paymentCompleted(app, purchase.customer_id);
  } catch (error) {
    app.log.error({ err: error, purchaseId }, "receipt email failed");
  }
}

/** The customer's email after cancelling a subscription: until when access lasts, and the reason given. */
export async function sendCancellationEmail(
  app: App,
  purchase: {
    purchase_id: number;
    title: string;
    expiration_date: Date | null;
    cancel_reason: string | null;
  },
) {
  try {
    const detail = await findPurchaseDetail(app.db, purchase.purchase_id);
    if (!detail) return;
    const config = await app.appConfig.get();
    const mail = renderEmail(config, app.config.publicUrl, {
      title: "Cancelaste tu suscripción",
      lines: [
        `Hola ${detail.name ?? ""}, cancelamos tu suscripción a ${purchase.title}.`,
        accessUntilText(purchase.expiration_date, config.timezone),
        ...(purchase.cancel_reason ? [`Motivo: ${purchase.cancel_reason}`] : []),
      ],
      action: {
        label: "Ver mis compras",
        url: `${app.config.publicUrl.replace(/\/$/, "")}/mystudio/membresias`,
      },
    });
    await app.mailer.send({ to: detail.email, template: "subscription-cancelled", ...mail });
  } catch (error) {
    app.log.error({ err: error, purchaseId: purchase.purchase_id }, "cancellation email failed");
  }
}
