import { describe, expect, it } from "vitest";
import { type DunningConfig, dunningConfigOf, dunningDecision, parseRetryDays } from "./dunning";

const TZ = "America/Mexico_City";
const config: DunningConfig = { retryDays: [1, 3, 5], graceDays: 3, timeZone: TZ };
// The first charge failed at 09:00 in Mexico City (15:00 UTC) on Monday 2 March 2026.
const first = new Date("2026-03-02T15:00:00Z");
const at = (iso: string) => new Date(iso);

describe("dunningDecision", () => {
  it.each([
    // [now, failures, config, expected]
    [
      "right after the first failure",
      at("2026-03-02T15:00:01Z"),
      1,
      config,
      {
        kind: "retry",
        attempt: 1,
        at: at("2026-03-03T15:00:00Z"),
        graceUntil: at("2026-03-05T15:00:00Z"),
        inGrace: true,
      },
    ],
    [
      "first retry failed: the second at day 3, still in grace",
      at("2026-03-03T15:00:01Z"),
      2,
      config,
      { kind: "retry", attempt: 2, at: at("2026-03-05T15:00:00Z"), inGrace: true },
    ],
    [
      "second retry failed at day 3: grace is over",
      at("2026-03-05T15:00:00Z"),
      3,
      config,
      { kind: "retry", attempt: 3, at: at("2026-03-07T15:00:00Z"), inGrace: false },
    ],
    ["the last retry failed: the subscription ends", at("2026-03-07T15:00:01Z"), 4, config, { kind: "end" }],
    [
      "no retries: the first failure ends it",
      at("2026-03-02T15:00:01Z"),
      1,
      { ...config, retryDays: [] },
      { kind: "end" },
    ],
    [
      "grace longer than the schedule stops at the last retry",
      at("2026-03-03T15:00:01Z"),
      2,
      { ...config, retryDays: [1, 2], graceDays: 10 },
      {
        kind: "retry",
        at: at("2026-03-04T15:00:00Z"),
        graceUntil: at("2026-03-04T15:00:00Z"),
        inGrace: true,
      },
    ],
    [
      "zero grace days: no booking after a failure",
      at("2026-03-02T15:00:01Z"),
      1,
      { ...config, graceDays: 0 },
      { kind: "retry", graceUntil: first, inGrace: false },
    ],
    [
      "days are calendar days in the studio's zone",
      at("2026-03-02T15:00:01Z"),
      1,
      { ...config, retryDays: [30] },
      { kind: "retry", at: at("2026-04-01T15:00:00Z") },
    ],
  ] as const)("%s", (_label, now, failures, cfg, expected) => {
    expect(dunningDecision(now, { failures, firstFailedAt: first }, cfg)).toMatchObject(expected);
  });

  it("refuses a state with no failure", () => {
    expect(() => dunningDecision(first, { failures: 0, firstFailedAt: first }, config)).toThrow();
  });
});

describe("parseRetryDays", () => {
  it.each([
    ["1, 3, 5", [1, 3, 5]],
    ["2", [2]],
    ["", []],
    [" 1,2 ,7 ", [1, 2, 7]],
    ["3, 1", null],
    ["1, 1", null],
    ["0, 2", null],
    ["1, 61", null],
    ["1.5", null],
    ["uno", null],
    ["1,2,3,4,5,6,7,8,9,10,11", null],
  ] as const)("%j", (text, expected) => {
    expect(parseRetryDays(text)).toEqual(expected);
  });

  it("the config falls back to the default schedule and grace", () => {
    expect(dunningConfigOf({ timezone: TZ })).toEqual(config);
    expect(dunningConfigOf({ timezone: TZ, renewal_retry_days: "x", renewal_grace_days: null })).toEqual(
      config,
    );
    expect(dunningConfigOf({ timezone: TZ, renewal_retry_days: "2, 4", renewal_grace_days: 1 })).toEqual({
      retryDays: [2, 4],
      graceDays: 1,
      timeZone: TZ,
    });
  });
});
