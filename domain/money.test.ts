import { describe, expect, it } from "vitest";
import { centsToNumber, centsToString, computeTotals, toCents } from "./money";

describe("money in centavos", () => {
  it("parses and prints two decimals without float drift", () => {
    expect(toCents("1350.00")).toBe(135000);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents("19.995")).toBe(2000);
    expect(centsToString(135005)).toBe("1350.05");
    expect(centsToString(-5)).toBe("-0.05");
    expect(centsToNumber(99999)).toBe(999.99);
  });
});

describe("discount totals (percent or fixed, on the price or the sale price)", () => {
  it("without a code the sale price applies", () => {
    expect(computeTotals({ price: "1500.00", sale_price: "1350.00" })).toEqual({
      amount: 135000,
      discount_total: 0,
      total: 135000,
    });
    expect(computeTotals({ price: "750.00", sale_price: null })).toEqual({
      amount: 75000,
      discount_total: 0,
      total: 75000,
    });
  });
  it("percent reduces the price, two decimals, rounded half up", () => {
    expect(computeTotals({ price: "750.00" }, { amount: "10", is_percent: true }).total).toBe(67500);
    // 12.5% of 399.00 is 49.875: the discount rounds to 49.88.
    expect(computeTotals({ price: "399.00" }, { amount: "12.5", is_percent: true }).total).toBe(34912);
  });
  it("over the sale price only when allowed; otherwise never dearer than the sale price", () => {
    const pkg = { price: "1500.00", sale_price: "1350.00" };
    expect(
      computeTotals({ ...pkg, allow_discount_over_sale_price: true }, { amount: "20", is_percent: true }),
    ).toEqual({
      amount: 135000,
      discount_total: 27000,
      total: 108000,
    });
    // 20% of the list price: 1200 < 1350.
    expect(computeTotals(pkg, { amount: "20", is_percent: true }).total).toBe(120000);
    // 5% of the list price is 1425 > 1350: the sale price stays.
    expect(computeTotals(pkg, { amount: "5", is_percent: true })).toEqual({
      amount: 135000,
      discount_total: 0,
      total: 135000,
    });
  });
  it("fixed amounts are subtracted and never go below zero", () => {
    expect(computeTotals({ price: "750.00" }, { amount: "100.00", is_percent: false }).total).toBe(65000);
    expect(computeTotals({ price: "50.00" }, { amount: "100.00", is_percent: false })).toEqual({
      amount: 5000,
      discount_total: 5000,
      total: 0,
    });
  });
});
