import { AppError, notFound } from "../../../domain/errors";
import { computeTotals, moneyOut, type PriceInput, type Totals } from "../../../domain/money";
import type { Db } from "../../db/client";
import {
  countRedemptions,
  type DiscountRow,
  findDiscountByCode,
  insertRedemption,
} from "./discounts.repository";

export const discountInvalid = () => AppError.of("DISCOUNT_INVALID");
export const discountUsedUp = () => AppError.of("DISCOUNT_USED_UP");

export function toDiscountOut(row: DiscountRow) {
  return { ...row, amount: moneyOut(row.amount) ?? 0 };
}

/**
 * Whether a code can be used by this customer on this package now. With `lock`, the discount row
 * is locked so the usage counts cannot change before the purchase that uses it commits: call it
 * inside the purchase's transaction.
 */
export async function resolveDiscount(
  db: Db,
  input: { code: string; class_package_id: number; customer_id: number; now?: Date; lock?: boolean },
): Promise<DiscountRow> {
  const now = input.now ?? new Date();
  const discount = await findDiscountByCode(db, input.code, input.lock);
  if (!discount?.available) throw discountInvalid();
  if (discount.starts_at && discount.starts_at > now) throw discountInvalid();
  if (discount.ends_at && discount.ends_at < now) throw discountInvalid();
  if (discount.class_package_id !== null && discount.class_package_id !== input.class_package_id) {
    throw discountInvalid();
  }
  if (discount.max_uses !== null && (await countRedemptions(db, discount.discount_id)) >= discount.max_uses) {
    throw discountUsedUp();
  }
  if (
    discount.max_uses_per_customer !== null &&
    (await countRedemptions(db, discount.discount_id, input.customer_id)) >= discount.max_uses_per_customer
  ) {
    throw discountUsedUp();
  }
  return discount;
}

/** Totals for a package with an optional code (the checkout summary and the purchase agree). */
export function totalsFor(pkg: PriceInput, discount?: DiscountRow | null): Totals {
  return computeTotals(pkg, discount ? { amount: discount.amount, is_percent: discount.is_percent } : null);
}

export async function redeemDiscount(db: Db, discountId: number, customerId: number, purchaseId: number) {
  await insertRedemption(db, { discount_id: discountId, customer_id: customerId, purchase_id: purchaseId });
}

export function requireDiscount<T>(row: T | undefined): T {
  if (!row) throw notFound("discountNotFound", "DISCOUNT_NOT_FOUND");
  return row;
}
