import type { FastifyInstance } from "fastify";
import { feeOrderCancelledText } from "../../../domain/signup-fee";
import { chargeGatewayFor } from "../../payments/gateways";
import { renderEmail } from "../notifications/email-layout";
import {
  failPaymentGroup,
  findPurchase,
  listCustomersWithFeeCarriedAfterPaid,
  listOpenFeeOrders,
  signupFeeState,
} from "../purchases/purchases.service";
import {
  closeVoucher,
  customerNameOf,
  findVoucherByRef,
  listVouchersToCancelAtProcessor,
  markVoucherCancelledAtProcessor,
  type VoucherRow,
} from "./offline-payments.repository";

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
      const done: Array<{
        carrier: "oxxo" | "spei" | "cash";
        openedAt: Date;
        title: string;
        voucher: VoucherRow | null;
      }> = [];
      for (const order of await listOpenFeeOrders(tx, customerId, fee)) {
        const purchase = await findPurchase(tx, order.purchase_id, true);
        if (purchase?.status !== "pending" || purchase.credits_granted_at) continue;
        // The package the order was paying with the fee is named by the shared payment reference.
        const voucher = purchase.provider_ref
          ? await findVoucherByRef(tx, customerId, purchase.provider_ref)
          : undefined;
        const lead = voucher ? await findPurchase(tx, voucher.purchase_id, true) : purchase;
        await failPaymentGroup(tx, lead ?? purchase);
        if (voucher) await closeVoucher(tx, voucher.purchase_id, "signup_fee_paid", now);
        done.push({
          carrier: order.carrier,
          openedAt: order.createdAt,
          title: lead?.title ?? purchase.title,
          voucher: voucher ?? null,
        });
      }
      return done;
    });
    // Then at the processor too, so the store or the bank can no longer take it (decision 0067).
    for (const order of cancelled) if (order.voucher) await cancelAtProcessor(app, order.voucher, now);
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

/**
 * Cancels a closed voucher's payment at its processor. Never throws: a processor that cannot be
 * reached is asked again by the vouchers job (listVouchersToCancelAtProcessor). "Already paid"
 * leaves it to the processor's payment event, which refunds the fee the voucher carried (decision 0067).
 */
async function cancelAtProcessor(app: App, voucher: VoucherRow, now: Date) {
  try {
    const gateway = chargeGatewayFor(app, voucher.provider);
    if (!gateway?.cancelPayment) return;
    const answer = await gateway.cancelPayment(voucher.provider_ref);
    if (answer === "cancelled") await markVoucherCancelledAtProcessor(app.db, voucher.purchase_id, now);
  } catch (error) {
    app.log.warn(
      { err: error, purchaseId: voucher.purchase_id },
      "voucher not cancelled at its processor yet",
    );
  }
}

/** The job's backstop: closed vouchers whose payment is still open at the processor. */
export async function cancelClosedVouchersAtProcessor(app: App, now = new Date()) {
  const open = await listVouchersToCancelAtProcessor(app.db);
  for (const voucher of open) await cancelAtProcessor(app, voucher, now);
  return open.length;
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
