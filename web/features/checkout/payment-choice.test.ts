import { describe, expect, it } from "vitest";
import type { CheckoutOption } from "./api";
import { defaultChoice, METHOD_PARAM, methodParamOf } from "./payment-choice";

const card = { provider: "card" } as CheckoutOption;
const cash = { provider: "cash" } as CheckoutOption;

describe("the preselected way to pay", () => {
  it("is the one the customer came for when this checkout offers it", () => {
    expect(defaultChoice([card, cash], true, "oxxo", ["card", "oxxo", "cash"])).toBe("oxxo");
    expect(defaultChoice([card, cash], false, METHOD_PARAM.efectivo, ["card", "cash"])).toBe("cash");
    // A subscription offers no OXXO: the request falls back to the studio's rule.
    expect(defaultChoice([card, cash], false, "oxxo", ["card", "cash"])).toBe("card");
  });

  it("else cash when cash checkout is on or there is no card", () => {
    expect(defaultChoice([card, cash], false)).toBe("card");
    expect(defaultChoice([card, cash], true)).toBe("cash");
    expect(defaultChoice([cash], false)).toBe("cash");
    expect(defaultChoice([card], true)).toBe("card");
  });

  it("names how a purchase was paid for the next checkout's address", () => {
    expect(methodParamOf("sandbox")).toBe("tarjeta");
    expect(methodParamOf("stripe")).toBe("tarjeta");
    expect(methodParamOf("paypal")).toBe("paypal");
    expect(methodParamOf("cash")).toBe("efectivo");
    expect(methodParamOf("admin")).toBeNull();
    for (const name of ["tarjeta", "paypal", "efectivo"]) expect(METHOD_PARAM[name]).toBeDefined();
  });
});
