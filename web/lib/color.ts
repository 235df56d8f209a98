/**
 * Builds Mantine's 10-shade colour tuple from one studio colour (#RRGGBB). The given colour is
 * shade 6, Mantine's default primary shade in light mode, so buttons show exactly the studio's
 * colour; lighter shades mix towards white, darker ones towards black.
 */

export type ColorTuple = [string, string, string, string, string, string, string, string, string, string];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function parseHex(hex: string): [number, number, number] | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  // The pattern's one group is not optional: a match always fills it.
  let value = match[1]!;
  if (value.length === 3) value = [...value].map((c) => c + c).join("");
  const n = Number.parseInt(value, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
type Rgb = [number, number, number];
const mix = ([r, g, b]: Rgb, [r2, g2, b2]: Rgb, amount: number): Rgb => [
  r + (r2 - r) * amount,
  g + (g2 - g) * amount,
  b + (b2 - b) * amount,
];

const LIGHTER = [0.92, 0.82, 0.66, 0.5, 0.34, 0.16];
const DARKER = [0.12, 0.24, 0.36];

export function colorShades(hex: string, fallback = "#d6336c"): ColorTuple {
  const base: Rgb = parseHex(hex) ?? parseHex(fallback) ?? [214, 51, 108];
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  return [
    ...LIGHTER.map((amount) => toHex(mix(base, white, amount))),
    toHex(base),
    ...DARKER.map((amount) => toHex(mix(base, black, amount))),
  ] as ColorTuple;
}

/** WCAG relative luminance (0 black … 1 white). */
export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb;
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Whether white text is readable (contrast ≥ 4.5) on this background; else use dark text. */
export function prefersWhiteText(background: string): boolean {
  return 1.05 / (luminance(background) + 0.05) >= 4.5;
}

/**
 * Text colour for a label on a studio-chosen background (tags): white or pure black, whichever
 * contrasts more. Pure black, not the theme's dark, because mid reds and oranges reach 4.5:1
 * only against #000.
 */
export function readableTextOn(background: string): "#fff" | "#000" {
  const l = luminance(background);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#fff" : "#000";
}
