import { describe, expect, it } from "vitest";
import { classLinkPath, linkedClassOf } from "./class-link";

describe("a class's link on the calendar", () => {
  it("names the class and its day, and reads back only a valid pair", () => {
    const path = classLinkPath(42, "2026-12-03");
    expect(path).toBe("/calendario?dia=2026-12-03&clase=42");
    expect(linkedClassOf(new URL(path, "http://x").searchParams)).toEqual({ id: 42, day: "2026-12-03" });
    expect(linkedClassOf(new URLSearchParams("clase=42"))).toBeNull();
    expect(linkedClassOf(new URLSearchParams("clase=abc&dia=2026-12-03"))).toBeNull();
    expect(linkedClassOf(new URLSearchParams("clase=4&dia=3 dic"))).toBeNull();
  });
});
