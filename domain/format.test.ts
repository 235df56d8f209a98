import { describe, expect, it } from "vitest";
import {
  formatBirthdate,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatIsoDate,
  formatMoney,
  formatNumber,
  formatShortDayTime,
  formatTime,
  monthName,
  monthYearLabel,
  spotMapSummary,
  spotsLabel,
  videoLengthLabel,
  weekdayName,
} from "./format";

describe("formatMoney", () => {
  it.each([
    [1250, "$1,250.00 MXN"],
    ["1250", "$1,250.00 MXN"],
    ["1250.5", "$1,250.50 MXN"],
    [0, "$0.00 MXN"],
    ["0.00", "$0.00 MXN"],
    [999.99, "$999.99 MXN"],
    [1234567.891, "$1,234,567.89 MXN"],
    ["1000000", "$1,000,000.00 MXN"],
    [-30, "-$30.00 MXN"],
    ["-1250.75", "-$1,250.75 MXN"],
    [".5", "$0.50 MXN"],
    ["  42 ", "$42.00 MXN"],
  ])("%s → %s", (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it("rounds half away from zero on the decimal digits, not on binary floats", () => {
    expect(formatMoney(1.005)).toBe("$1.01 MXN"); // 1.005.toFixed(2) would give "1.00"
    expect(formatMoney("2.675")).toBe("$2.68 MXN");
    expect(formatMoney("9999.995")).toBe("$10,000.00 MXN");
    expect(formatMoney("-0.004")).toBe("$0.00 MXN");
    expect(formatMoney(0.1 + 0.2)).toBe("$0.30 MXN");
  });

  it("handles exponent notation and big values exactly", () => {
    expect(formatMoney(1e21)).toBe("$1,000,000,000,000,000,000,000.00 MXN");
    expect(formatMoney(1e-7)).toBe("$0.00 MXN");
    expect(formatMoney("12345678901234567890.129")).toBe("$12,345,678,901,234,567,890.13 MXN");
  });

  it("returns an empty string for non-numbers", () => {
    expect(formatMoney("abc")).toBe("");
    expect(formatMoney(Number.NaN)).toBe("");
    expect(formatMoney(null)).toBe("");
    expect(formatMoney("")).toBe("");
  });

  it("formats plain numbers with thousands separators", () => {
    expect(formatNumber(12345)).toBe("12,345");
    expect(formatNumber("987654321")).toBe("987,654,321");
  });
});

describe("dates in the studio's zone", () => {
  const tz = "America/Mexico_City"; // UTC-6 all year since 2022 (no DST)
  // 2025-03-08T02:30Z is Friday 7 March 2025, 20:30 in Mexico City, and Saturday in UTC.
  const instant = "2025-03-08T02:30:00.000Z";

  it("formats DD MMM YYYY", () => {
    expect(formatDate(instant, tz)).toBe("07 mar 2025");
    expect(formatDate(instant, "UTC")).toBe("08 mar 2025");
    expect(formatDate(new Date(instant), tz)).toBe("07 mar 2025");
  });

  it("formats DD MMM YYYY, HH:mm in 24 h", () => {
    expect(formatDateTime(instant, tz)).toBe("07 mar 2025, 20:30");
    expect(formatDateTime("2025-01-01T06:05:00Z", tz)).toBe("01 ene 2025, 00:05");
    expect(formatDateTime("2025-12-31T23:59:00-06:00", tz)).toBe("31 dic 2025, 23:59");
    // The CSV's day: the studio's calendar day, zero-padded so text sorting is date sorting.
    expect(formatIsoDate("2025-01-01T06:05:00Z", tz)).toBe("2025-01-01");
    expect(formatIsoDate("2025-01-01T05:59:00Z", tz)).toBe("2024-12-31");
    expect(formatIsoDate("2025-03-07", tz)).toBe("2025-03-07");
    expect(formatIsoDate(null, tz)).toBe("");
  });

  it("formats ddd DD MMM, HH:mm", () => {
    expect(formatShortDayTime(instant, tz)).toBe("Vie 07 mar, 20:30");
    expect(formatShortDayTime("2025-03-10T13:00:00Z", tz)).toBe("Lun 10 mar, 07:00");
    expect(formatTime("2025-03-10T13:00:00Z", tz)).toBe("07:00");
  });

  it("defaults to America/Mexico_City", () => {
    expect(formatDateTime(instant)).toBe("07 mar 2025, 20:30");
  });

  it("uses other IANA zones, with their DST", () => {
    expect(formatDateTime("2025-07-01T12:00:00Z", "America/Tijuana")).toBe("01 jul 2025, 05:00");
    expect(formatDateTime("2025-01-01T12:00:00Z", "America/Tijuana")).toBe("01 ene 2025, 04:00");
    expect(formatDateTime("2025-07-01T12:00:00Z", "America/Cancun")).toBe("01 jul 2025, 07:00");
  });

  it("treats date-only strings as calendar dates (no shift)", () => {
    expect(formatDate("2025-03-01", tz)).toBe("01 mar 2025");
    expect(formatDate("2025-03-01", "Pacific/Auckland")).toBe("01 mar 2025");
  });

  it("returns an empty string for missing or invalid input", () => {
    expect(formatDate(null, tz)).toBe("");
    expect(formatDateTime("no es fecha", tz)).toBe("");
  });

  it("falls back to the default zone for an unknown zone name", () => {
    expect(formatDateTime(instant, "Mars/Olympus")).toBe("07 mar 2025, 20:30");
  });
});

describe("birthdate and weekday names", () => {
  it("formats birthdates as day-month-year without shifting", () => {
    expect(formatBirthdate("1990-03-07")).toBe("07-03-1990");
    expect(formatBirthdate("1990-03-07T00:00:00.000Z")).toBe("07-03-1990");
    expect(formatBirthdate(null)).toBe("");
    expect(formatDayMonth("1990-03-07")).toBe("7 de marzo");
  });

  it("names weekdays capitalised, by index or by date in the zone", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => weekdayName(i))).toEqual([
      "Domingo",
      "Lunes",
      "Martes",
      "Miércoles",
      "Jueves",
      "Viernes",
      "Sábado",
    ]);
    expect(weekdayName("2025-03-08T02:30:00Z", "America/Mexico_City")).toBe("Viernes");
    expect(weekdayName("2025-03-08T02:30:00Z", "UTC")).toBe("Sábado");
    expect(weekdayName("2025-03-10")).toBe("Lunes");
    expect(monthName(3)).toBe("Marzo");
    expect(monthYearLabel(2026, 9)).toBe("septiembre de 2026");
  });

  it("labels spots", () => {
    expect(spotsLabel(1)).toBe("1 lugar");
    expect(spotsLabel(0)).toBe("0 lugares");
    expect(spotsLabel(12)).toBe("12 lugares");
    expect(spotsLabel(1200)).toBe("1,200 lugares");
    expect(spotMapSummary([4, 5, 5, 6])).toBe("4 filas, 20 lugares");
    expect(spotMapSummary([1])).toBe("1 fila, 1 lugar");
  });

  it("tells a video's length in seconds under a minute, in minutes from there", () => {
    expect(videoLengthLabel(6)).toBe("6 s");
    expect(videoLengthLabel(6.4)).toBe("6 s");
    expect(videoLengthLabel(59)).toBe("59 s");
    expect(videoLengthLabel(60)).toBe("1 min");
    expect(videoLengthLabel(89)).toBe("1 min");
    expect(videoLengthLabel(30 * 60)).toBe("30 min");
  });
});
