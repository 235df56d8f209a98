import { describe, expect, it } from "vitest";
import { computeTotals } from "../../../domain/money";
import { discountLine } from "./discount-line";

describe("the checkout's discount line", () => {
  const onSale = { price: 1000, sale_price: 800 };
  it("explains a code that does not beat the sale price instead of showing −$0.00", () => {
    const totals = computeTotals(onSale, { amount: 10, is_percent: true });
    expect(totals.discount_total).toBe(0);
    expect(discountLine(onSale, totals.discount_total)).toEqual({ kind: "saleIsBetter" });
  });
  it("shows the amount when the code lowers the price", () => {
    const better = computeTotals(onSale, { amount: 30, is_percent: true });
    expect(better.discount_total).toBe(10_000); // centavos: $100.00 off
    expect(discountLine(onSale, better.discount_total)).toEqual({ kind: "amount" });
    expect(discountLine({ price: 1000, sale_price: null }, 100)).toEqual({ kind: "amount" });
  });
});
