import type { CardGateway } from "../../payments/gateway";
import type { RenewalVoucherRow } from "./renewal-vouchers.repository";

/**
 * Vouchers we closed (the period paid another way, the subscription ended) are cancelled at their
 * processor too, so the store or the bank no longer takes them (as decision 0067 does for fees).
 * Never throws: one paid anyway is refunded when its payment arrives.
 */
export async function cancelClosedRenewalVouchers(gateway: CardGateway, closed: RenewalVoucherRow[]) {
  for (const voucher of closed) {
    if (voucher.provider !== gateway.name || !gateway.cancelPayment) continue;
    try {
      await gateway.cancelPayment(voucher.provider_ref);
    } catch {
      // Paid anyway or unreachable: its payment event refunds it (applyRenewalVoucherPayment).
    }
  }
}
