import { describe, expect, it } from "vitest";
import { decideBooking } from "./reservations/booking.rules";
import {
  pdfSafeText,
  signaturePngBase64,
  waiverBlocks,
  waiverEnforcementOf,
  waiverFlagged,
  waiverState,
  wrapText,
} from "./waivers";

describe("carta responsiva rules (decision 0099)", () => {
  it.each([
    ["off", 3, [], "not_required"],
    ["flag", null, [], "not_required"],
    ["flag", 3, [3], "signed"],
    ["block", 3, [1, 2], "outdated"],
    ["block", 3, [], "missing"],
  ] as const)("%s, current %s, signed %j → %s", (enforcement, current, signed, state) => {
    expect(waiverState(enforcement, current, signed)).toBe(state);
  });

  it("only block keeps someone out; flag and block both flag the roster", () => {
    expect(waiverBlocks("block", "missing")).toBe(true);
    expect(waiverBlocks("block", "outdated")).toBe(true);
    expect(waiverBlocks("flag", "missing")).toBe(false);
    expect(waiverBlocks("block", "signed")).toBe(false);
    expect(waiverFlagged("outdated")).toBe(true);
    expect(waiverFlagged("not_required")).toBe(false);
  });

  it("an unknown setting reads as flag", () => {
    expect(waiverEnforcementOf("nope")).toBe("flag");
    expect(waiverEnforcementOf("block")).toBe("block");
  });

  it("accepts only PNG data URLs of a sane size", () => {
    expect(signaturePngBase64("data:image/png;base64,iVBORw0KGgo=")).toBe("iVBORw0KGgo=");
    expect(signaturePngBase64("data:image/svg+xml;base64,PHN2Zz4=")).toBeNull();
    expect(signaturePngBase64(`data:image/png;base64,${"A".repeat(500_000)}`)).toBeNull();
  });

  it("keeps Spanish text and replaces what the PDF fonts cannot draw", () => {
    expect(pdfSafeText("¿Cuál es tu año? Ñandú — “sí” 💪")).toBe("¿Cuál es tu año? Ñandú — “sí” ?");
  });

  it("wraps words to the width, a long word on its own line", () => {
    expect(wrapText("uno dos tres\n\ncuatro", 7, (l) => l.length)).toEqual(["uno dos", "tres", "", "cuatro"]);
    expect(wrapText("supercalifragilístico sí", 5, (l) => l.length)).toEqual(["supercalifragilístico", "sí"]);
  });

  it("the booking decision refuses with the outdated text when an older version was signed", () => {
    const decision = decideBooking(
      {
        account: { missingFields: [], pendingPages: [], waiver: "outdated" },
        klass: null,
        customer: null,
        frozen: null,
        spotMap: null,
        buckets: null,
      },
      { single_class_id: 1 } as never,
      {} as never,
      new Date(),
    );
    expect(decision).toEqual({ ok: false, refusal: { code: "WAIVER_REQUIRED", message: "waiverOutdated" } });
  });
});
