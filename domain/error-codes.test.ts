import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ErrorCode, errorCodes } from "./error-codes";
import { AppError } from "./errors";
import { messages } from "./messages";

const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** Every place the server or domain code names a status and a code side by side. */
function thrownPairs() {
  const pairs: { file: string; status: number; code: string }[] = [];
  const patterns = [
    /AppError\.of\(\s*(\d{3}),\s*"([A-Z][A-Z0-9_]+)"/g,
    /new AppError\(\s*(\d{3}),\s*"([A-Z][A-Z0-9_]+)"/g,
    /fieldError\(\s*(\d{3}),\s*"([A-Z][A-Z0-9_]+)"/g,
  ];
  for (const file of [...sourceFiles("server"), ...sourceFiles("domain")]) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const pattern of patterns)
      for (const m of text.matchAll(pattern)) pairs.push({ file, status: Number(m[1]), code: m[2]! });
    for (const m of text.matchAll(/AppError\.of\(\s*"([A-Z][A-Z0-9_]+)"/g))
      pairs.push({ file, status: errorCodes[m[1] as ErrorCode]?.status ?? 0, code: m[1]! });
  }
  return pairs;
}

describe("error catalogue (domain/error-codes.ts)", () => {
  it("gives every code a Spanish text, and every variant one", () => {
    const missing = Object.entries(errorCodes).flatMap(([code, spec]) =>
      [spec.message, ...("variants" in spec ? spec.variants : [])]
        .filter((key) => !(typeof messages[key] === "string" && messages[key].length > 0))
        .map((key) => `${code}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("has one status per code: nothing is thrown with another status or with an uncatalogued code", () => {
    const wrong = thrownPairs()
      .filter(({ code, status }) => errorCodes[code as ErrorCode]?.status !== status)
      .map(({ file, code, status }) => {
        const spec = errorCodes[code as ErrorCode];
        return spec
          ? `${file}: ${code} thrown as ${status}, the catalogue says ${spec.status}`
          : `${file}: ${code} (${status}) is not in domain/error-codes.ts: add it there`;
      });
    expect([...new Set(wrong)]).toEqual([]);
  });

  it("builds errors from the catalogue, and the older form refuses another status", () => {
    const soldOut = AppError.of("SOLD_OUT");
    expect(soldOut).toMatchObject({ status: 412, code: "SOLD_OUT", message: messages.classSoldOut });
    const booked = AppError.of("ALREADY_BOOKED", { message: "waitlistAlreadyBooked" });
    expect(booked).toMatchObject({ status: 409, message: messages.waitlistAlreadyBooked });
    const field = AppError.of("SPOT_INVALID", { fields: { spot: "x" } });
    expect(field.toBody()).toEqual({
      code: "SPOT_INVALID",
      message: messages.spotInvalid,
      fields: { spot: "x" },
    });
    expect(AppError.of(412, "SOLD_OUT", "classSoldOut").status).toBe(412);
    expect(() => AppError.of(409, "SOLD_OUT", "classSoldOut")).toThrow(/412/);
  });
});
