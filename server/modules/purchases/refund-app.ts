import type { FastifyInstance } from "fastify";
import { refundGatewayFor, subscriptionGatewayFor } from "../../payments/gateways";
import { invoiceAfterRefund } from "../invoicing/invoicing.service";
import { sendRefundEmail } from "./refund-email";
import type { RefundRow } from "./refunds.repository";
import type { RefundDeps } from "./refunds.service";

/** What the desk's refund route and the interrupted-refunds job share (decision 0027, 0049). */

/** The processors a refund talks to: each purchase's own (refundGatewayFor). */
export async function refundDeps(app: FastifyInstance): Promise<RefundDeps> {
  return {
    db: app.db,
    timeZone: (await app.appConfig.get()).timezone,
    gatewayFor: (provider, ref) => refundGatewayFor(app, provider, ref),
    subscriptionGateway: (provider) => subscriptionGatewayFor(app, provider),
  };
}

/** After a refund is applied (by the desk's request or by the job): the email, then the factura (decision 0036). Neither throws. */
export async function afterRefund(app: FastifyInstance, refund: RefundRow) {
  await sendRefundEmail(app, refund.refund_id);
  await invoiceAfterRefund(app, refund);
}
