import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { formatDate, formatMoney } from "../../../domain/format";
import { toCents } from "../../../domain/money";
import { renderEmail } from "../notifications/email-layout";
import { findPurchaseDetail } from "./purchases.repository";
import { findRefund, type RefundRow } from "./refunds.repository";

/** Singular or plural: "1 clase", "3 clases". */
const classes = (n: number) => `${n} ${n === 1 ? "clase" : "clases"}`;

/**
 * The refund email's content, in one function (the layout around it may change: issue 21 asks
 * to keep each email's words in one place).
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
  },
  timeZone: string,
) {
  return {
    title: "Te reembolsamos un pago",
    lines: [
      `Hola ${input.name}, te reembolsamos ${formatMoney(input.amount)} de tu compra ${input.title}.`,
      `Fecha: ${formatDate(input.date, timeZone)}`,
      `Reembolso a: ${input.method}`,
      ...(input.method === "Tarjeta" || input.method === "PayPal"
        ? ["El dinero puede tardar de 5 a 10 días hábiles en verse en tu estado de cuenta."]
        : []),
      ...(input.credits_withdrawn > 0
        ? [`Se retiraron de tu cuenta ${classes(input.credits_withdrawn)} sin usar de esta compra.`]
        : []),
      ...(input.full ? ["Esta compra quedó reembolsada por completo."] : []),
      ...(input.reason ? [`Motivo: ${input.reason}`] : []),
    ],
  };
}

const methodOf = (provider: string) =>
  ({ cash: "Efectivo", admin: "Mostrador", sandbox: "Tarjeta", stripe: "Tarjeta", paypal: "PayPal" })[
    provider
  ] ?? "Mostrador";

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
        method: methodOf(refund.provider),
        date: refund.updatedAt,
        credits_withdrawn: refund.credits_withdrawn,
        full: toCents(detail.purchase.refunded_total) >= toCents(detail.purchase.total_payment),
        reason: refund.reason,
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
