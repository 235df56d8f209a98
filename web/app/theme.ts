import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineThemeOverride,
} from "@mantine/core";
import { APP_CONFIG_KEYS, type AppConfig } from "../../domain/app-config";
import { colorShades } from "../lib/color";

const FONT_STACK =
  'Inter, "SF Pro Text", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const HEADING_STACK =
  'Inter, "SF Pro Display", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** Mantine theme from the studio's colours: "brand" (primary) and "accent", 10 shades each. */
export function buildTheme(config?: AppConfig): MantineThemeOverride {
  const primary = config?.primary ?? APP_CONFIG_KEYS.primary.default;
  const accent = config?.accent ?? APP_CONFIG_KEYS.accent.default;
  return createTheme({
    primaryColor: "brand",
    primaryShade: 6,
    colors: { brand: colorShades(primary), accent: colorShades(accent) },
    autoContrast: true,
    luminanceThreshold: 0.32,
    black: config?.dark ?? DEFAULT_THEME.black,
    fontFamily: FONT_STACK,
    headings: { fontFamily: HEADING_STACK, fontWeight: "750" },
    defaultRadius: "md",
    cursorType: "pointer",
    focusRing: "auto",
    respectReducedMotion: true,
    components: {
      Button: { defaultProps: { fw: 600 } },
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
    light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
    dark: {},
  });
}
