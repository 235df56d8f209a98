import { describe, expect, it } from "vitest";
import { channelsFor, failOver, insideSessionWindow } from "./channel-choice";
import { consentChanges, currentConsents } from "./consent";
import { advances, fromTwilioStatus } from "./delivery";
import { parseReply } from "./keywords";
import { mexicanMobile } from "./phone";
import { isQuiet, quietHoursOf, sendTime } from "./quiet-hours";
import { backoffMs, batches } from "./rate-limit";
import { renderTemplate } from "./templates";

const at = (iso: string) => new Date(iso);
const TZ = "America/Mexico_City";

describe("messaging rules", () => {
  it("accepts only Mexican mobiles: +52 and ten digits", () => {
    expect(mexicanMobile("55 1234 5678")).toBe("+525512345678");
    expect(mexicanMobile("+52 55 1234 5678")).toBe("+525512345678");
    expect(mexicanMobile("whatsapp:+5215512345678")).toBe("+525512345678");
    expect(mexicanMobile("+1 555 123 4567")).toBeNull();
    expect(mexicanMobile("12345")).toBeNull();
    expect(mexicanMobile("0551234567")).toBeNull();
    expect(mexicanMobile("55-1234-567x")).toBeNull();
  });

  it("reads replies without caring about accents, case or punctuation", () => {
    expect(parseReply("BAJA")).toBe("stop");
    expect(parseReply(" stop ")).toBe("stop");
    expect(parseReply("Sí")).toBe("yes");
    expect(parseReply("si!")).toBe("yes");
    expect(parseReply("SÍ")).toBe("yes");
    expect(parseReply("No voy")).toBe("not_going");
    expect(parseReply("NO VOY.")).toBe("not_going");
    expect(parseReply("alta")).toBe("start");
    expect(parseReply("¿a qué hora abren?")).toBe("other");
  });

  it("allows nothing without a record; the latest record per purpose x channel wins", () => {
    const none = currentConsents([]);
    expect(none["marketing:whatsapp"]).toBe(false);
    expect(none["transactional:whatsapp"]).toBe(false);
    const state = currentConsents([
      { purpose: "marketing", channel: "sms", granted: true, at: at("2026-01-01T00:00:00Z") },
      { purpose: "marketing", channel: "sms", granted: false, at: at("2026-02-01T00:00:00Z") },
    ]);
    expect(state["marketing:sms"]).toBe(false);
    expect(consentChanges(state, { "marketing:sms": false, "transactional:sms": true })).toEqual([
      { purpose: "transactional", channel: "sms", granted: true },
    ]);
  });

  it("chooses WhatsApp, then SMS, then push, then email only for transactional messages", () => {
    const consents = currentConsents([
      { purpose: "transactional", channel: "sms", granted: true, at: at("2026-01-01T00:00:00Z") },
      { purpose: "transactional", channel: "whatsapp", granted: true, at: at("2026-01-01T00:00:00Z") },
    ]);
    const reach = { mobile: "+525512345678", pushSubscriptions: 0 };
    const order = channelsFor("transactional", consents, reach);
    expect(order).toEqual(["whatsapp", "sms", "email"]);
    expect(failOver(order, "whatsapp")).toBe("sms");
    expect(failOver(order, "email")).toBeNull();
    // Marketing without consent: no channel at all, and no email fallback.
    expect(channelsFor("marketing", consents, reach)).toEqual([]);
    expect(channelsFor("transactional", consents, { mobile: null, pushSubscriptions: 0 })).toEqual(["email"]);
  });

  it("holds messages in quiet hours unless they would arrive too late", () => {
    // 23:00 in Mexico City (UTC-6) = 05:00Z next day.
    const night = at("2026-03-11T05:00:00Z");
    expect(isQuiet(night, TZ)).toBe(true);
    expect(sendTime(night, TZ).toISOString()).toBe("2026-03-11T14:00:00.000Z");
    // A waitlist offer ending at 23:30 goes at once.
    expect(sendTime(night, TZ, at("2026-03-11T05:30:00Z"))).toEqual(night);
    const noon = at("2026-03-11T18:00:00Z");
    expect(isQuiet(noon, TZ)).toBe(false);
    expect(sendTime(noon, TZ)).toEqual(noon);
  });

  it("keeps the quiet hours the studio sets: other hours, a window inside the day, or none", () => {
    // 22:00 in Mexico City (UTC-6): quiet by default, not when the studio is quiet 23:00-07:00.
    const ten = at("2026-03-12T04:00:00Z");
    const lateNights = quietHoursOf({ quiet_hours_start: 23, quiet_hours_end: 7 });
    expect(isQuiet(ten, TZ, lateNights)).toBe(false);
    expect(sendTime(ten, TZ, null, lateNights)).toEqual(ten);
    // 23:30 then waits until 07:00.
    const halfPast = at("2026-03-12T05:30:00Z");
    expect(sendTime(halfPast, TZ, null, lateNights).toISOString()).toBe("2026-03-12T13:00:00.000Z");
    // A window that does not cross midnight: siesta 14:00-16:00; 15:10 waits until 16:00.
    const siesta = quietHoursOf({ quiet_hours_start: 14, quiet_hours_end: 16 });
    expect(sendTime(at("2026-03-12T21:10:00Z"), TZ, null, siesta).toISOString()).toBe(
      "2026-03-12T22:00:00.000Z",
    );
    expect(isQuiet(at("2026-03-12T04:00:00Z"), TZ, siesta)).toBe(false);
    // Equal hours: no quiet hours at all.
    const none = quietHoursOf({ quiet_hours_start: 0, quiet_hours_end: 0 });
    expect(isQuiet(halfPast, TZ, none)).toBe(false);
    expect(sendTime(halfPast, TZ, null, none)).toEqual(halfPast);
    // Missing or impossible hours take the default 21:00-08:00.
    expect(quietHoursOf({})).toEqual({ start: 21, end: 8 });
    expect(quietHoursOf({ quiet_hours_start: 25, quiet_hours_end: null })).toEqual({ start: 21, end: 8 });
  });

  it("renders templates with the studio's name and the marketing footer", () => {
    const text = renderTemplate(
      "{studio}: hola {name}{missing}",
      { studio: "Pulso", name: "Ana" },
      "marketing",
    );
    expect(text).toBe("Pulso: hola Ana\nResponde BAJA para no recibir más promociones.");
    expect(renderTemplate("{studio}: ok", { studio: "Pulso" }, "transactional")).toBe("Pulso: ok");
  });

  it("moves delivery status forward only", () => {
    expect(fromTwilioStatus("undelivered")).toBe("failed");
    expect(advances("sent", "delivered")).toBe(true);
    expect(advances("read", "delivered")).toBe(false);
    expect(advances("delivered", "failed")).toBe(false);
    expect(advances("sent", "failed")).toBe(true);
  });

  it("backs off on 429 and batches the fan-out", () => {
    expect(backoffMs(1, 3)).toBe(3000);
    expect(backoffMs(3, null, () => 0)).toBe(500);
    expect(backoffMs(20, null, () => 1)).toBe(30_000);
    expect(batches(Array.from({ length: 5000 }, (_, i) => i)).length).toBe(50);
  });

  it("knows WhatsApp's 24-hour window", () => {
    const now = at("2026-03-11T18:00:00Z");
    expect(insideSessionWindow(at("2026-03-11T00:00:00Z"), now)).toBe(true);
    expect(insideSessionWindow(at("2026-03-10T17:00:00Z"), now)).toBe(false);
    expect(insideSessionWindow(null, now)).toBe(false);
  });
});
