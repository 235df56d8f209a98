import type { MantineTheme } from "@mantine/core";
import type { ReactNode } from "react";
import type { ClassCardProps } from "./class-card";
import classes from "./class-card.module.css";
import { ClassCardBadge as Badge } from "./class-card-badge";
import { type PlainVariant, variantStyle } from "./variant-colors";

function ActionButton({
  theme,
  color,
  variant,
  compact,
  onClick,
  children,
}: {
  theme: MantineTheme;
  color?: string;
  variant: PlainVariant;
  compact?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={compact ? classes.compactButton : classes.button}
      style={variantStyle(theme, color ?? theme.primaryColor, variant)}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The one action a class card's state allows: reserve, buy, join the waitlist, or change and cancel mine. */
export function CardAction({
  theme,
  state,
  seats,
  cancelOffered,
  changeLabel,
  waitlistEnabled,
  onReserve,
  onCancel,
  onChange,
  onBuy,
  onWaitlist,
}: Pick<
  ClassCardProps,
  | "state"
  | "cancelOffered"
  | "changeLabel"
  | "waitlistEnabled"
  | "onReserve"
  | "onCancel"
  | "onChange"
  | "onBuy"
  | "onWaitlist"
> & {
  theme: MantineTheme;
  seats: number;
}) {
  switch (state) {
    case "reserved":
      return (
        <div className={classes.reserved}>
          <Badge theme={theme} color={theme.primaryColor} variant="filled">
            Reservada ({seats})
          </Badge>
          {cancelOffered || changeLabel ? (
            <div className={classes.reservedActions}>
              {changeLabel ? (
                <ActionButton theme={theme} variant="light" compact onClick={onChange}>
                  {changeLabel}
                </ActionButton>
              ) : null}
              {cancelOffered ? (
                <ActionButton theme={theme} color="red" variant="light" compact onClick={onCancel}>
                  Cancelar
                </ActionButton>
              ) : null}
            </div>
          ) : null}
        </div>
      );
    case "package":
      return (
        <ActionButton theme={theme} variant="filled" onClick={onBuy}>
          Comprar
        </ActionButton>
      );
    case "full":
      return waitlistEnabled ? (
        <ActionButton theme={theme} variant="light" onClick={onWaitlist}>
          Lista de espera
        </ActionButton>
      ) : null;
    case "bookable":
      return (
        <ActionButton theme={theme} variant="filled" onClick={onReserve}>
          Reservar
        </ActionButton>
      );
    default:
      return null;
  }
}
