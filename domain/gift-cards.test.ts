import { describe, expect, it } from "vitest";
import {
  CODE_ALPHABET,
  canonicalEmail,
  codeFromBytes,
  formatGiftCode,
  GIFT_CODE_LENGTH,
  giftCardExpiry,
  giftCardRefundRefusal,
  giftCardStatus,
  normalizeGiftCode,
  referralRefusal,
  splitPayment,
} from "./gift-cards";

describe("gift card codes", () => {
  it("are 16 unambiguous characters, read back with dashes, spaces and lower case", () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256);
    const code = codeFromBytes(bytes, GIFT_CODE_LENGTH);
    expect(code).toHaveLength(16);
    expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    expect(CODE_ALPHABET).not.toMatch(/[01ILO]/);
    const shown = formatGiftCode(code);
    expect(shown).toMatch(/^.{4}-.{4}-.{4}-.{4}$/);
    expect(normalizeGiftCode(` ${shown.toLowerCase()} `)).toBe(code);
    expect(normalizeGiftCode("ABCD-EFGH-JKMN-PQR0")).toBeNull();
    expect(normalizeGiftCode("ABCD")).toBeNull();
  });
  it("skip bytes past the alphabet's last multiple (no bias)", () => {
    expect(codeFromBytes(Uint8Array.from([255, 254, 0, 1]), 2)).toBe("23");
    expect(() => codeFromBytes(Uint8Array.from([255]), 1)).toThrow();
  });
});

describe("gift card state", () => {
  const now = new Date("2026-05-10T12:00:00Z");
  const card = { state: "active" as const, balance_cents: 100, expires_at: new Date("2027-05-10T12:00:00Z") };
  it("is active, spent or expired", () => {
    expect(giftCardStatus(card, now)).toBe("active");
    expect(giftCardStatus({ ...card, balance_cents: 0 }, now)).toBe("spent");
    expect(giftCardStatus(card, new Date("2027-05-10T12:00:00Z"))).toBe("expired");
    expect(giftCardStatus({ ...card, state: "refunded" }, now)).toBe("refunded");
  });
  it("expires the same day months later (the month's last day when shorter)", () => {
    expect(giftCardExpiry(new Date("2026-01-31T18:00:00Z"), 1).toISOString()).toBe(
      "2026-02-28T18:00:00.000Z",
    );
    expect(giftCardExpiry(new Date("2026-05-10T18:00:00Z"), 12).toISOString()).toBe(
      "2027-05-10T18:00:00.000Z",
    );
  });
  it("is refunded to its buyer only unused, active and within 30 days", () => {
    const sold_at = new Date("2026-05-01T12:00:00Z");
    const sale = { state: "active" as const, amount_cents: 50_000, balance_cents: 50_000, sold_at };
    expect(giftCardRefundRefusal(sale, now)).toBeNull();
    expect(giftCardRefundRefusal({ ...sale, balance_cents: 49_999 }, now)).toBe("GIFT_CARD_NOT_REFUNDABLE");
    expect(giftCardRefundRefusal(sale, new Date("2026-06-01T12:00:01Z"))).toBe("GIFT_CARD_REFUND_TOO_LATE");
  });
});

describe("mixed payments", () => {
  it("take the gift card first, then credit; the processor gets the rest; parts add up exactly", () => {
    expect(splitPayment({ total_cents: 30_000, gift_card_cents: 10_000, credit_cents: 5_000 })).toEqual({
      gift_card_cents: 10_000,
      credit_cents: 5_000,
      remainder_cents: 15_000,
    });
    expect(splitPayment({ total_cents: 30_000, gift_card_cents: 50_000, credit_cents: 5_000 })).toEqual({
      gift_card_cents: 30_000,
      credit_cents: 0,
      remainder_cents: 0,
    });
    for (let i = 0; i < 200; i++) {
      const total = (i * 7919) % 100_000;
      const s = splitPayment({
        total_cents: total,
        gift_card_cents: (i * 31) % 40_000,
        credit_cents: (i * 17) % 20_000,
      });
      expect(s.gift_card_cents + s.credit_cents + s.remainder_cents).toBe(total);
      expect(Math.min(s.gift_card_cents, s.credit_cents, s.remainder_cents)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("referrals", () => {
  const ana = {
    customer_id: 1,
    email: "ana.perez@gmail.com",
    phone: "5512345678",
    card_fingerprints: ["4242/12/2030"],
  };
  const beto = { customer_id: 2, email: "beto@example.com", phone: null, card_fingerprints: [] };
  it("reward a new customer, not oneself nor a second account of the same person", () => {
    expect(referralRefusal(ana, beto, false)).toBeNull();
    expect(referralRefusal(ana, ana, false)).toBe("self");
    expect(referralRefusal(ana, beto, true)).toBe("already_rewarded");
    expect(referralRefusal(ana, { ...beto, email: "AnaPerez+2@gmail.com" }, false)).toBe("same_email");
    expect(referralRefusal(ana, { ...beto, phone: "+52 55 1234 5678" }, false)).toBe("same_phone");
    expect(referralRefusal(ana, { ...beto, card_fingerprints: ["4242/12/2030"] }, false)).toBe("same_card");
  });
  it("compare mailboxes as delivered", () => {
    expect(canonicalEmail("A.B+x@GoogleMail.com")).toBe("ab@gmail.com");
    expect(canonicalEmail("a.b+x@example.com")).toBe("a.b@example.com");
  });
});
