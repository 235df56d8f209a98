import { describe, expect, it } from "vitest";
import {
  cartIsValid,
  isLowStock,
  mergeCart,
  refundFor,
  refundSplit,
  saleStatus,
  saleTotals,
  stockAfter,
  stockLabel,
  variantTitle,
} from "./retail";

describe("retail rules (docs/product-rules.md#retail)", () => {
  it("names a variant by its options", () => {
    expect(variantTitle("Calcetas", { size: "M", colour: "Negro" })).toBe("Calcetas · M · Negro");
    expect(variantTitle("Agua 600 ml", { size: "", colour: null })).toBe("Agua 600 ml");
  });

  it("merges a variant asked twice and bounds the units", () => {
    expect(
      mergeCart([
        { variant_id: 1, quantity: 1 },
        { variant_id: 2, quantity: 2 },
        { variant_id: 1, quantity: 3 },
      ]),
    ).toEqual([
      { variant_id: 1, quantity: 4 },
      { variant_id: 2, quantity: 2 },
    ]);
    expect(cartIsValid([{ variant_id: 1, quantity: 1 }])).toBe(true);
    for (const quantity of [0, -1, 1.5, 100]) expect(cartIsValid([{ variant_id: 1, quantity }])).toBe(false);
    expect(cartIsValid([])).toBe(false);
  });

  it("adds up a sale in centavos with IVA included per line", () => {
    const totals = saleTotals([
      { quantity: 2, unit_price_cents: 15_000, iva_rate: "16" },
      { quantity: 1, unit_price_cents: 2_500, iva_rate: "0" },
    ]);
    // 300.00 with IVA 16 % is 258.62 + 41.38; water at 0 %.
    expect(totals).toEqual({ total_cents: 32_500, iva_cents: 4_138, subtotal_cents: 28_362 });
  });

  it("gives back the units' price, never more units than remain", () => {
    const sold = [
      { line_id: 1, quantity: 2, refunded_quantity: 1, unit_price_cents: 15_000 },
      { line_id: 2, quantity: 1, refunded_quantity: 0, unit_price_cents: 2_500 },
    ];
    expect(
      refundFor(sold, [
        { line_id: 1, quantity: 1 },
        { line_id: 2, quantity: 1 },
      ]),
    ).toEqual({
      amount_cents: 17_500,
      lines: [
        { line_id: 1, quantity: 1 },
        { line_id: 2, quantity: 1 },
      ],
    });
    expect(refundFor(sold, [{ line_id: 1, quantity: 2 }])).toBeNull();
    expect(
      refundFor(sold, [
        { line_id: 1, quantity: 1 },
        { line_id: 1, quantity: 1 },
      ]),
    ).toBeNull();
    expect(refundFor(sold, [{ line_id: 9, quantity: 1 }])).toBeNull();
    expect(refundFor(sold, [])).toBeNull();
  });

  it("never lets stock go below zero; flags low stock; says it in Spanish", () => {
    expect(stockAfter(2, -2)).toBe(0);
    expect(stockAfter(2, -3)).toBeNull();
    expect(isLowStock(3, 3)).toBe(true);
    expect(isLowStock(4, 3)).toBe(false);
    expect(isLowStock(0, 0)).toBe(false);
    expect([0, 1, 5].map(stockLabel)).toEqual(["Agotado", "Queda 1 unidad", "Quedan 5 unidades"]);
  });

  it("a refund hands back the drawer's cash first, then the saldo, then the card (decision 0127)", () => {
    const sale = {
      total_cents: 30_000,
      refunded_cents: 0,
      card_cents: 5_000,
      credit_cents: 10_000,
      card_back_cents: 0,
      credit_back_cents: 0,
    };
    expect(refundSplit(sale, 10_000)).toEqual({ drawer_cents: 10_000, credit_cents: 0, card_cents: 0 });
    expect(refundSplit(sale, 30_000)).toEqual({
      drawer_cents: 15_000,
      credit_cents: 10_000,
      card_cents: 5_000,
    });
    const after = { ...sale, refunded_cents: 20_000, credit_back_cents: 5_000 };
    expect(refundSplit(after, 10_000)).toEqual({ drawer_cents: 0, credit_cents: 5_000, card_cents: 5_000 });
    expect([saleStatus(300, 0), saleStatus(300, 100), saleStatus(300, 300)]).toEqual([
      "paid",
      "partly_refunded",
      "refunded",
    ]);
  });
});
