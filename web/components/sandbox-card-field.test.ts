import { describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { cardPartErrors } from "./sandbox-card-field";

describe("sandbox card field messages after a pay attempt", () => {
  it("asks for every empty part", () => {
    expect(cardPartErrors({ digits: "", expiry: "", cvc: "" })).toEqual({
      number: messages.fieldRequired,
      expiry: messages.fieldRequired,
      cvc: messages.fieldRequired,
    });
  });

  it("says what is wrong with a part that is there", () => {
    expect(cardPartErrors({ digits: "4242424242424241", expiry: "13/2030", cvc: "12" })).toEqual({
      number: messages.cardIncorrectNumber,
      expiry: "Usa el formato MM/AAAA.",
      cvc: messages.cardIncorrectCvc,
    });
    // American Express asks for four digits.
    expect(cardPartErrors({ digits: "378282246310005", expiry: "12/2030", cvc: "123" })).toEqual({
      cvc: messages.cardIncorrectCvc,
    });
  });

  it("has nothing to say about a complete card", () => {
    expect(cardPartErrors({ digits: "4242424242424242", expiry: "12/2030", cvc: "123" })).toEqual({});
  });
});
