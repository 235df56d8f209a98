import { describe, expect, it } from "vitest";
import { trialUsedText, trialVerdict } from "./trial";

const used = { title: "Clase de prueba", at: "2026-11-03T18:00:00Z" };

describe("trial once per customer (docs/product-rules.md#trial-once)", () => {
  it("lets anything that is not a trial through, and a first trial everywhere", () => {
    expect(trialVerdict({ isTrial: false, used, channel: "online" })).toEqual({
      allowed: true,
      repeat: false,
    });
    for (const channel of ["online", "desk", "desk_override"] as const)
      expect(trialVerdict({ isTrial: true, used: null, channel })).toEqual({ allowed: true, repeat: false });
  });

  it("refuses a second one online and at the desk; an owner or manager may repeat it on purpose", () => {
    expect(trialVerdict({ isTrial: true, used, channel: "online" })).toEqual({
      allowed: false,
      code: "TRIAL_ALREADY_USED",
    });
    expect(trialVerdict({ isTrial: true, used, channel: "desk" })).toEqual({
      allowed: false,
      code: "TRIAL_ALREADY_USED_DESK",
    });
    expect(trialVerdict({ isTrial: true, used, channel: "desk_override" })).toEqual({
      allowed: true,
      repeat: true,
    });
  });

  it("tells the desk when, in the studio's day", () => {
    expect(trialUsedText(used, "America/Mexico_City")).toBe("Ya tomó Clase de prueba el 03 nov 2026.");
  });
});
