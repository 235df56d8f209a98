import { describe, expect, it } from "vitest";
import { checkoutKeys } from "./query-keys";

// Mis Compras and Mis Métodos de Pago read the same cache: the values must stay what they were.
describe("checkout query keys", () => {
  it("keep the values the feature and its neighbours always used", () => {
    expect(checkoutKeys.purchases).toEqual(["purchases"]);
    expect(checkoutKeys.purchase(7)).toEqual(["purchases", 7]);
    expect(checkoutKeys.voucher(7)).toEqual(["purchases", 7, "voucher"]);
    expect(checkoutKeys.signupFee).toEqual(["purchases", "signup-fee"]);
    expect(checkoutKeys.savedCards).toEqual(["metodosPago"]);
    expect(checkoutKeys.paymentMethods).toEqual(["checkout", "payment_methods"]);
  });
});
