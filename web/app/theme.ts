import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  defaultVariantColorsResolver,
  type MantineThemeOverride,
  parseThemeColor,
  type VariantColorsResolver,
} from "@mantine/core";
import { APP_CONFIG_KEYS, type AppConfig } from "../../domain/app-config";
import { colorShades } from "../lib/color";

const FONT_STACK =
  'Inter, "SF Pro Text", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const HEADING_STACK =
  'Inter, "SF Pro Display", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * Light and subtle badges and buttons (tinted or no background, coloured text) use shade 6 for
 * the text by default, which is under WCAG AA's 4.5:1 for most brand colours and Mantine's
 * yellows/limes/reds. A darkened shade 9 on the tint (or on white) passes for every palette.
 */
const readableLightVariant: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== "light" && input.variant !== "subtle") return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  // Shade 9 darkened by a third: Mantine's greens and yellows are too light even at shade 9, and
  // a quarter left a yellow badge at 4.4:1 on a striped table row (Compras).
  const shade9 = input.theme.colors[parsed.color]?.[9];
  return { ...colors, color: shade9 ? darken(shade9, 0.35) : colors.color };
};

/** Mantine theme from the studio's colours: "brand" (primary) and "accent", 10 shades each. */
export function buildTheme(config?: AppConfig): MantineThemeOverride {
  const primary = config?.primary ?? APP_CONFIG_KEYS.primary.default;
  const accent = config?.accent ?? APP_CONFIG_KEYS.accent.default;
  return createTheme({
    primaryColor: "brand",
    primaryShade: 6,
    colors: { brand: colorShades(primary), accent: colorShades(accent) },
    autoContrast: true,
    variantColorResolver: readableLightVariant,
    // 0.179 is where black and white text give the same contrast: choosing the better of the two
    // there guarantees at least 4.58:1 (WCAG AA) on any background colour, including the
    // studio's own brand colour and tag colours.
    luminanceThreshold: 0.179,
    black: config?.dark ?? DEFAULT_THEME.black,
    fontFamily: FONT_STACK,
    headings: { fontFamily: HEADING_STACK, fontWeight: "750" },
    defaultRadius: "md",
    cursorType: "pointer",
    focusRing: "auto",
    respectReducedMotion: true,
    components: {
      Button: { defaultProps: { fw: 600 } },
      // Mantine's modal and notification close buttons are icons without a name (axe: button-name).
      Modal: { defaultProps: { closeButtonProps: { "aria-label": "Cerrar" } } },
      Notification: { defaultProps: { closeButtonProps: { "aria-label": "Cerrar" } } },
      // A table wider than a phone scrolls sideways: its scrolling part takes the keyboard focus
      // (axe: scrollable-region-focusable); tables that can, also name it (admin-table.tsx).
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
      Title: { styles: { root: { letterSpacing: "-0.02em" } } },
    },
  });
}

/** Extra CSS variables with the studio's other colours (used by layouts: footer, banner, hero). */
export function studioCssVariables(config?: AppConfig): CSSVariablesResolver {
  return () => ({
    variables: {
      "--studio-dark": config?.dark ?? APP_CONFIG_KEYS.dark.default,
      "--studio-gray": config?.gray ?? APP_CONFIG_KEYS.gray.default,
      "--studio-light": config?.light ?? APP_CONFIG_KEYS.light.default,
      "--studio-accent": config?.accent ?? APP_CONFIG_KEYS.accent.default,
      "--studio-primary-light": config?.["primary-light"] ?? APP_CONFIG_KEYS["primary-light"].default,
    },
    // Mantine's default dimmed text (gray.6) is under 4.5:1 on white; gray.7 passes WCAG AA.
    // Field messages (and error borders) in Mantine's red.6 are 3.3:1 on white; red.9 is 5.5:1.
    light: {
      "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
      "--mantine-color-error": "var(--mantine-color-red-9)",
    },
    dark: {},
  });
}
