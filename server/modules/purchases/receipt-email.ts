import type { FastifyInstance } from "fastify";
import { deskPaymentText } from "../../../domain/desk-sale";
import { effectiveIvaRate } from "../../../domain/fiscal/iva";
import { brandOf } from "../mail/templates/brand";
import { purchaseGiftEmail, purchaseReceiptEmail } from "../mail/templates/purchases";
import { paymentCompleted } from "./payment-completed";
import { findPurchaseDetail } from "./purchases.repository";

/** The way a purchase was paid, as a receipt says it. */
function paymentText(purchase: { provider: string; provider_ref: string | null }): string {
  const desk = deskPaymentText(purchase.provider_ref);
  if (desk) return desk;
  return (
    { cash: "Efectivo", sandbox: "Tarjeta", stripe: "Tarjeta", paypal: "PayPal" }[purchase.provider] ??
    "Mostrador"
  );
}

/**
 * The receipt of a paid purchase (a sale at the desk, a confirmed cash payment), or the note that
 * the studio gave a package as a gift. Sent after the purchase has committed; never throws: a mail
 * problem must not fail a sale that happened (it is logged and the outbox shows it).
 */
export async function sendPurchaseReceipt(
  app: FastifyInstance,
  purchaseId: number,
  /** How it was paid when the provider alone does not say it (an OXXO voucher at Stripe). */
  options: { payment?: string } = {},
): Promise<void> {
  try {
    const detail = await findPurchaseDetail(app.db, purchaseId);
    if (!detail) return;
    const brand = brandOf(await app.appConfig.get(), app.config.publicUrl);
    const { purchase, pkg } = detail;
    const facts = {
      purchaseId: purchase.purchase_id,
      title: purchase.title,
      createdAt: purchase.createdAt,
      classAmount: purchase.class_amount,
      unlimited: pkg.is_unlimited_membership,
      expiresAt: purchase.expiration_date,
      payment: options.payment ?? paymentText(purchase),
      total: purchase.total_payment,
      ivaRate: effectiveIvaRate(purchase.iva_rate, pkg.iva_rate),
    };
    const email = await (purchase.is_gift ? purchaseGiftEmail : purchaseReceiptEmail)(brand, facts);
    await app.mailer.send({
      to: detail.email,
      template: purchase.is_gift ? "purchase-gift" : "purchase-receipt",
      ...email,
    });
    await paymentCompleted(app.db, purchase.customer_id);
  } catch (error) {
    app.log.error({ err: error, purchaseId }, "receipt email failed");
  }
}
