import type { FastifyInstance } from "fastify";
import { deskPaymentText } from "../../../domain/desk-sale";
import { formatDate, formatMoney } from "../../../domain/format";
import { renderEmail } from "../notifications/email-layout";
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
export async function sendPurchaseReceipt(app: FastifyInstance, purchaseId: number): Promise<void> {
  try {
    const detail = await findPurchaseDetail(app.db, purchaseId);
    if (!detail) return;
    const config = await app.appConfig.get();
    const { purchase, pkg } = detail;
    const tz = config.timezone;
    const classes =
      pkg.is_unlimited_membership || purchase.class_amount === -1
        ? "Clases: ilimitadas"
        : purchase.class_amount
          ? `Clases: ${purchase.class_amount}`
          : null;
    const until = purchase.expiration_date
      ? `Vigencia: hasta el ${formatDate(purchase.expiration_date, tz)}`
      : null;
    const lines = purchase.is_gift
      ? [
          `El estudio te regaló el paquete ${purchase.title}. Ya puedes usarlo para reservar tus clases.`,
          ...[classes, until].filter((l): l is string => Boolean(l)),
        ]
      : [
          "¡Gracias por tu compra! Este es tu recibo.",
          `Folio: ${purchase.purchase_id}`,
          `Fecha: ${formatDate(purchase.createdAt, tz)}`,
          `Paquete: ${purchase.title}`,
          ...[classes, until].filter((l): l is string => Boolean(l)),
          `Forma de pago: ${paymentText(purchase)}`,
          `Total pagado: ${formatMoney(purchase.total_payment)}`,
        ];
    const email = renderEmail(config, app.config.publicUrl, {
      title: purchase.is_gift ? "Te regalamos un paquete" : "Recibo de tu compra",
      lines,
      action: {
        label: "Ver mis compras",
        url: `${app.config.publicUrl.replace(/\/$/, "")}/mystudio/membresias`,
      },
    });
    await app.mailer.send({
      to: detail.email,
      template: purchase.is_gift ? "purchase-gift" : "purchase-receipt",
      ...email,
    });
  } catch (error) {
    app.log.error({ err: error, purchaseId }, "receipt email failed");
  }
}
