import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { DESK_PAYMENT_LABELS, parseDeskProviderRef } from "../../../domain/desk-sale";
import { formatDate, formatMoney } from "../../../domain/format";
import { toCents } from "../../../domain/money";
import { renderEmail } from "../notifications/email-layout";
import { findPurchaseDetail, offlineMethodOf } from "./purchases.repository";
import { findRefund, type RefundRow } from "./refunds.repository";

/** Singular or plural: "1 clase", "3 clases". */
const classes = (n: number) => `${n} ${n === 1 ? "clase" : "clases"}`;

/**
 * The refund email's content, in one function (the layout around it may change; each email's
 * words stay in one place).
 */
export function refundEmailContent(
  input: {
    name: string;
    title: string;
    amount: string;
    method: string;
    date: Date;
    credits_withdrawn: number;
    full: boolean;
    reason: string | null;
    /** What the purchase gave: classes (its class_amount), an unlimited membership, or neither (a fee). */
    gave?: "classes" | "unlimited" | "nothing";
  },
  timeZone: string,
) {
  return {
    title: "Te reembolsamos un pago",
    lines: [
      `Hola ${input.name}, te reembolsamos ${formatMoney(input.amount)} de tu compra ${input.title}.`,
      `Fecha: ${formatDate(input.date, timeZone)}`,
      `Reembolso a: ${input.method}`,
      ...(input.method === "Tarjeta" || input.method === "PayPal" || input.method === "Mercado Pago"
        ? ["El dinero puede tardar de 5 a 10 días hábiles en verse en tu estado de cuenta."]
        : []),
      ...creditLines(input),
      ...(input.full ? ["Esta compra quedó reembolsada por completo."] : []),
      ...(input.reason ? [`Motivo: ${input.reason}`] : []),
    ],
  };
}

/** What happened to the classes the purchase gave, said every time (decision 0049). */
function creditLines(input: {
  credits_withdrawn: number;
  full: boolean;
  gave?: "classes" | "unlimited" | "nothing";
}): string[] {
  if (input.credits_withdrawn > 0)
    return [`Se retiraron de tu cuenta ${classes(input.credits_withdrawn)} sin usar de esta compra.`];
  if (input.gave === "unlimited")
    return input.full
      ? ["Tu acceso ilimitado de esta compra terminó hoy."]
      : ["Tu acceso ilimitado sigue como estaba."];
  if (input.gave === "classes")
    return ["No se retiraron clases: ya no quedaba ninguna sin usar de esta compra."];
  return [];
}

/** Where the money goes back, as the customer paid it (a refund returns to the payment's own method). */
export function refundMethodText(
  purchase: { provider: string; provider_ref: string | null },
  offline: "oxxo" | "spei" | null,
): string {
  const desk = parseDeskProviderRef(purchase.provider_ref);
  if (desk) return `${DESK_PAYMENT_LABELS[desk.payment]} (mostrador)`;
  if (offline === "spei") return "Transferencia SPEI";
  if (offline === "oxxo") return "OXXO";
  return (
    (
      {
        cash: "Efectivo",
        admin: "Mostrador",
        sandbox: "Tarjeta",
        stripe: "Tarjeta",
        paypal: "PayPal",
        mercadopago: "Mercado Pago",
      } as Record<string, string>
    )[purchase.provider] ?? "Mostrador"
  );
}

/** Sent after the refund has committed; never throws (the outbox shows a mail problem). */
export async function sendRefundEmail(
  app: Pick<FastifyInstance, "db" | "appConfig" | "mailer" | "config" | "log">,
  refundId: number,
): Promise<void> {
  try {
    const refund: RefundRow | null = await findRefund(app.db, refundId);
    if (refund?.status !== "succeeded") return;
    const detail = await findPurchaseDetail(app.db, refund.purchase_id);
    if (!detail) return;
    const config: AppConfig = await app.appConfig.get();
    const content = refundEmailContent(
      {
        name: detail.name ?? "",
        title: detail.purchase.title,
        amount: refund.amount,
        method: refundMethodText(detail.purchase, await offlineMethodOf(app.db, detail.purchase)),
        date: refund.updatedAt,
        credits_withdrawn: refund.credits_withdrawn,
        full: toCents(detail.purchase.refunded_total) >= toCents(detail.purchase.total_payment),
        reason: refund.reason,
        gave: detail.pkg.is_unlimited_membership
          ? "unlimited"
          : (detail.purchase.class_amount ?? 0) > 0
            ? "classes"
            : "nothing",
      },
      config.timezone,
    );
    const email = renderEmail(config, app.config.publicUrl, {
      ...content,
      action: {
        label: "Ver mis compras",
        url: `${app.config.publicUrl.replace(/\/$/, "")}/mystudio/membresias`,
      },
    });
    await app.mailer.send({ to: detail.email, template: "purchase-refund", ...email });
  } catch (error) {
    app.log.error({ err: error, refundId }, "refund email failed");
  }
}
