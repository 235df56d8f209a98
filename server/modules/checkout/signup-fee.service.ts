import type { FastifyInstance } from "fastify";
import { feeOrderCancelledText } from "../../../domain/signup-fee";
import { renderEmail } from "../notifications/email-layout";
import {
  failPaymentGroup,
  findPurchase,
  listCustomersWithFeeCarriedAfterPaid,
  listOpenFeeOrders,
  signupFeeState,
} from "../purchases/purchases.service";
import { customerNameOf, findVoucherByRef, settleVoucher } from "./offline-payments.repository";

type App = Pick<FastifyInstance, "db" | "appConfig" | "mailer" | "config" | "log">;

/**
 * Once the sign-up fee is paid, open orders that still carry it (an OXXO voucher, a SPEI transfer,
 * a cash order: decision 0050) are cancelled, with the package they were paying, and the
 * customer is told not to pay them. Cancelled rather than re-issued without the fee: a new voucher
 * is a new reference the customer may not see before going to the store, while a cancelled one
 * with an email is unambiguous. In one transaction under the customer's row lock (the lock a
 * checkout takes to decide the fee). Never throws (runs after a payment has committed).
 */
export async function cancelOrdersCarryingPaidFee(app: App, customerId: number, now = new Date()) {
  try {
    const config = await app.appConfig.get();
    const fee = config.signup_fee_package_id;
    if (!fee) return [];
    const cancelled = await app.db.transaction(async (tx) => {
      const state = await signupFeeState(tx, customerId, fee, { lock: true });
      if (state.state !== "paid") return [];
      const done: Array<{ carrier: "oxxo" | "spei" | "cash"; openedAt: Date; title: string }> = [];
      for (const order of await listOpenFeeOrders(tx, customerId, fee)) {
        const purchase = await findPurchase(tx, order.purchase_id, true);
        if (purchase?.status !== "pending" || purchase.credits_granted_at) continue;
        // The package the order was paying with the fee is named by the shared payment reference.
        const voucher = purchase.provider_ref
          ? await findVoucherByRef(tx, customerId, purchase.provider_ref)
          : undefined;
        const lead = voucher ? await findPurchase(tx, voucher.purchase_id, true) : purchase;
        await failPaymentGroup(tx, lead ?? purchase);
        if (voucher) await settleVoucher(tx, voucher.purchase_id, "expired", now);
        done.push({
          carrier: order.carrier,
          openedAt: order.createdAt,
          title: lead?.title ?? purchase.title,
        });
      }
      return done;
    });
    const email = await customerEmail(app, customerId);
    for (const order of cancelled) {
      if (!email) break;
      const mail = renderEmail(config, app.config.publicUrl, {
        title: "Cancelamos una orden pendiente",
        lines: feeOrderCancelledText(order, config.timezone),
        action: {
          label: "Ver paquetes",
          url: `${app.config.publicUrl.replace(/\/$/, "")}/paquetes`,
        },
      });
      await app.mailer.send({ to: email, template: "signup-fee-order-cancelled", ...mail });
    }
    return cancelled;
  } catch (error) {
    app.log.error({ err: error, customerId }, "cancelling orders carrying a paid fee failed");
    return [];
  }
}

async function customerEmail(app: App, customerId: number) {
  return (await customerNameOf(app.db, customerId))?.email ?? null;
}

/** The job's backstop: every customer who paid the fee and still has an open order carrying it. */
export async function cancelAllOrdersCarryingPaidFee(app: App, now = new Date()) {
  const fee = (await app.appConfig.get()).signup_fee_package_id;
  if (!fee) return 0;
  let count = 0;
  for (const customerId of await listCustomersWithFeeCarriedAfterPaid(app.db, fee)) {
    count += (await cancelOrdersCarryingPaidFee(app, customerId, now)).length;
  }
  return count;
}
