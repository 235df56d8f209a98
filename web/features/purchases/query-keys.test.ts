import { describe, expect, it } from "vitest";
import { purchaseKeys } from "./query-keys";

// Checkout refreshes ["purchases"] after a payment: every purchase key must sit under it.
describe("purchase query keys", () => {
  it("keep the values the feature always used, under the prefix checkout refreshes", () => {
    expect(purchaseKeys.all).toEqual(["purchases"]);
    for (const key of [purchaseKeys.paymentIssues, purchaseKeys.savedCards, purchaseKeys.freezes])
      expect(key[0]).toBe("purchases");
    expect(purchaseKeys.invoices).toEqual(["invoices"]);
    expect(purchaseKeys.facturas).toEqual(["facturas"]);
  });
});
