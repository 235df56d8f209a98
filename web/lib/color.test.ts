import { describe, expect, it } from "vitest";
import { colorShades, luminance, parseHex, prefersWhiteText } from "./color";

describe("colorShades", () => {
  it("builds ten shades with the given colour as shade 6", () => {
    const shades = colorShades("#d6336c");
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe("#d6336c");
    for (const shade of shades) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("goes from light to dark", () => {
    const l = colorShades("#228be6").map(luminance);
    // Strictly darker each step: in descending order, and no two alike.
    expect(l).toEqual([...l].sort((a, b) => b - a));
    expect(new Set(l).size).toBe(l.length);
  });

  it("accepts short hex and falls back on invalid input", () => {
    expect(parseHex("#fff")).toEqual([255, 255, 255]);
    expect(colorShades("#abc")[6]).toBe("#aabbcc");
    expect(colorShades("red")[6]).toBe("#d6336c");
  });

  it("picks readable text", () => {
    expect(prefersWhiteText("#1a1b1e")).toBe(true);
    expect(prefersWhiteText("#fab005")).toBe(false);
  });
});
