import type { MantineTheme } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import classes from "./class-card.module.css";
import { type PlainVariant, variantStyle } from "./variant-colors";

/** A badge of the class card: a plain span with Mantine's badge colours (see class-card.tsx for why). */
export function ClassCardBadge({
  theme,
  color,
  variant,
  uppercase,
  textColor,
  wrap,
  children,
}: {
  theme: MantineTheme;
  color: string;
  variant: PlainVariant;
  uppercase?: boolean;
  textColor?: string;
  /** Long text wraps onto more lines instead of ending in "…". */
  wrap?: boolean;
  children: ReactNode;
}) {
  const colors = variantStyle(theme, color, variant);
  const style = textColor ? ({ ...colors, "--variant-color": textColor } as CSSProperties) : colors;
  return (
    <span
      className={classes.badge}
      data-uppercase={uppercase || undefined}
      data-wrap={wrap || undefined}
      style={style}
    >
      {children}
    </span>
  );
}
