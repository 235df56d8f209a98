import type { MantineColor, MantineTheme } from "@mantine/core";
import type { CSSProperties } from "react";

export type PlainVariant = "filled" | "light";

/**
 * The colours Mantine's Badge and Button would use for a colour and variant, as CSS custom
 * properties (--variant-bg, --variant-color, --variant-hover, --variant-hover-color, --variant-bd)
 * for plain elements styled by a CSS module. They come from the theme's own resolver, so the
 * studio's brand colours, auto-contrast and the readable light variant (app/theme.ts) apply
 * exactly as on Mantine's components.
 *
 * Cached per theme: a week of cards asks for the same handful of colours hundreds of times, and
 * the same style object lets React skip re-applying it.
 */
const cache = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

export function variantStyle(theme: MantineTheme, color: MantineColor, variant: PlainVariant): CSSProperties {
  let ofTheme = cache.get(theme);
  if (!ofTheme) {
    ofTheme = new Map();
    cache.set(theme, ofTheme);
  }
  const key = `${variant}:${color}`;
  let style = ofTheme.get(key);
  if (!style) {
    const colors = theme.variantColorResolver({ color, theme, variant });
    style = {
      "--variant-bg": colors.background,
      "--variant-color": colors.color,
      "--variant-hover": colors.hover,
      "--variant-hover-color": colors.hoverColor ?? colors.color,
      "--variant-bd": colors.border,
    } as CSSProperties;
    ofTheme.set(key, style);
  }
  return style;
}
