import { describe, expect, it } from "vitest";
import {
  addPeriod,
  cardBrand,
  declineMessageKey,
  nextBillingDate,
  parseExpiry,
  purchaseStatusText,
  trialCheckoutSummary,
} from "./billing";
import { parseSandboxToken, sandboxOutcome, tokenizeSandboxCard } from "./sandbox-card";

const TZ = "America/Mexico_City";

describe("periods in the studio's zone", () => {
  it("adds months keeping the wall clock, clamping to the month's end", () => {
    // 31 Jan 2025 10:00 in Mexico City (UTC-6) = 16:00Z.
    expect(addPeriod("2025-01-31T16:00:00Z", 1, "month", TZ).toISOString()).toBe("2025-02-28T16:00:00.000Z");
    expect(addPeriod("2024-01-31T16:00:00Z", 1, "month", TZ).toISOString()).toBe("2024-02-29T16:00:00.000Z");
    expect(addPeriod("2024-02-29T16:00:00Z", 1, "year", TZ).toISOString()).toBe("2025-02-28T16:00:00.000Z");
    expect(addPeriod("2025-01-01T05:30:00Z", 7, "day", TZ).toISOString()).toBe("2025-01-08T05:30:00.000Z");
  });
  it("a late-evening purchase stays on the studio's calendar day, not UTC's", () => {
    // 31 Jan 2025 23:00 in Mexico City is 1 Feb 05:00Z: one month later is 28 Feb 23:00 local.
    expect(addPeriod("2025-02-01T05:00:00Z", 1, "month", TZ).toISOString()).toBe("2025-03-01T05:00:00.000Z");
  });
});

describe("next billing date (only active subscriptions show a next charge)", () => {
  const base = {
    status: "active",
    createdAt: "2025-01-15T18:00:00Z",
    subscription_id: "sub_1",
    subscription_interval: 1,
    subscription_period: "month",
  };
  it("only active purchases have one", () => {
    expect(
      nextBillingDate({ ...base, status: "cancelled" }, new Date("2025-02-01T00:00:00Z"), TZ),
    ).toBeNull();
  });
  it("is the next date of the series from the creation day", () => {
    expect(nextBillingDate(base, new Date("2025-03-20T00:00:00Z"), TZ)?.toISOString()).toBe(
      "2025-04-15T18:00:00.000Z",
    );
  });
  it("is the end of a free trial while it lasts", () => {
    const trial = { ...base, free_trial_length: 7, free_trial_period: "day" };
    expect(nextBillingDate(trial, new Date("2025-01-16T00:00:00Z"), TZ)?.toISOString()).toBe(
      "2025-01-22T18:00:00.000Z",
    );
  });
  it("prefers the date the server scheduled", () => {
    const scheduled = { ...base, next_billing_date: "2025-05-01T06:00:00Z" };
    expect(nextBillingDate(scheduled, new Date("2025-03-20T00:00:00Z"), TZ)?.toISOString()).toBe(
      "2025-05-01T06:00:00.000Z",
    );
  });
  it("checkout summary of a trial: today + trial, 0 MXN now", () => {
    const s = trialCheckoutSummary(
      { free_trial_length: 7, free_trial_period: "day" },
      new Date("2025-01-01T18:00:00Z"),
      TZ,
    );
    expect(s).toEqual({ next_charge: new Date("2025-01-08T18:00:00Z"), paid_now: 0 });
  });
});

describe("status texts", () => {
  it.each([
    ["active", "Activa"],
    ["completed", "Completada"],
    ["pending", "Pendiente"],
    ["failed", "Fallido"],
    ["revoked", "Revocada"],
    ["other", "other"],
  ])("%s → %s", (status, text) => {
    expect(purchaseStatusText({ status, createdAt: "2025-01-01T00:00:00Z" })).toBe(text);
  });
  it("cancelled shows 'Cancelada el {date}' from cancelledAt, else updatedAt", () => {
    expect(
      purchaseStatusText(
        { status: "cancelled", createdAt: "2025-01-01T18:00:00Z", cancelledAt: "2025-03-07T18:00:00Z" },
        TZ,
      ),
    ).toBe("Cancelada el 07 mar 2025");
    expect(
      purchaseStatusText(
        { status: "cancelled", createdAt: "2025-01-01T18:00:00Z", updatedAt: "2025-02-10T18:00:00Z" },
        TZ,
      ),
    ).toBe("Cancelada el 10 feb 2025");
  });
});

describe("cards", () => {
  it("brand from the first digit, expiry MM/YYYY", () => {
    expect(cardBrand("378282246310005")).toBe("amex");
    expect(cardBrand("4242 4242 4242 4242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("6011111111111117")).toBe("mastercard");
    expect(parseExpiry("12/2030")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("13/2030")).toBeNull();
  });
  it("decline codes map to their Spanish messages", () => {
    expect(declineMessageKey("insufficient_funds")).toBe("cardInsufficientFunds");
    expect(declineMessageKey("card_declined")).toBe("cardInsufficientFunds");
    expect(declineMessageKey("stolen_card")).toBe("cardLostOrStolen");
    expect(declineMessageKey("do_not_honor")).toBe("cardDeclinedByBank");
  });
  it("sandbox tokens carry only outcome, brand, last four and expiry", () => {
    const token = tokenizeSandboxCard("4000 0000 0000 9995", { month: 1, year: 2099 });
    expect(token).not.toContain("400000000000");
    expect(parseSandboxToken(token)).toEqual({
      outcome: "insufficient_funds",
      brand: "visa",
      last4: "9995",
      exp_month: 1,
      exp_year: 2099,
    });
    expect(sandboxOutcome("4242424242424241", { month: 1, year: 2099 })).toBe("incorrect_number");
    expect(parseSandboxToken("tok_sandbox_hacked_visa_4242_012099")).toBeNull();
  });
});
