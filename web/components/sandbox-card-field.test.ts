import { describe, expect, it } from "vitest";
import { parseExpiry } from "../../domain/billing";
import { messages } from "../../domain/messages";
import { cardPartErrors } from "./sandbox-card-field";

const now = new Date("2026-11-29T12:00:00Z");

describe("the card's expiry (decision 0052)", () => {
  it("accepts MM/AA and MM/AAAA, as typed or as the field formats them ('1230' becomes '12/30')", () => {
    expect(parseExpiry("12/30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("12/2030")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("1230")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("12 / 30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("01/27")).toEqual({ month: 1, year: 2027 });
    for (const wrong of ["13/30", "00/30", "12/3", "12/203", "1/30", "ab/cd", ""])
      expect(parseExpiry(wrong)).toBeNull();
  });
});

describe("sandbox card field messages after a pay attempt: each names its field and the fix", () => {
  it("asks for every empty part by name", () => {
    expect(cardPartErrors({ digits: "", expiry: "", cvc: "" }, now)).toEqual({
      number: messages.cardNumberRequired,
      expiry: messages.cardExpiryRequired,
      cvc: messages.cardCvcRequired,
    });
  });

  it("says what is wrong with a part that is there, and how to fix it", () => {
    expect(cardPartErrors({ digits: "4242424242424241", expiry: "13/2030", cvc: "12" }, now)).toEqual({
      number: messages.cardNumberInvalid,
      expiry: messages.cardExpiryInvalid,
      cvc: messages.cardCvcInvalid,
    });
    expect(cardPartErrors({ digits: "4242424242424242", expiry: "10/26", cvc: "123" }, now)).toEqual({
      expiry: messages.cardExpiryPast,
    });
    // American Express asks for four digits.
    expect(cardPartErrors({ digits: "378282246310005", expiry: "12/2030", cvc: "123" }, now)).toEqual({
      cvc: messages.cardCvcInvalid,
    });
    for (const text of [
      messages.cardNumberRequired,
      messages.cardNumberInvalid,
      messages.cardExpiryRequired,
      messages.cardExpiryInvalid,
      messages.cardExpiryPast,
      messages.cardCvcRequired,
      messages.cardCvcInvalid,
    ])
      expect(text).toMatch(/número|vencimiento|CVV/i);
  });

  it("has nothing to say about a complete card, in either expiry form", () => {
    expect(cardPartErrors({ digits: "4242424242424242", expiry: "12/30", cvc: "123" }, now)).toEqual({});
    expect(cardPartErrors({ digits: "4242424242424242", expiry: "12/2030", cvc: "123" }, now)).toEqual({});
    expect(cardPartErrors({ digits: "4242424242424242", expiry: "11/26", cvc: "123" }, now)).toEqual({});
  });
});
