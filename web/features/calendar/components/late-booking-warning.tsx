import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { AppConfig } from "../../../../domain/app-config";
import { cancelDecision, cancelUnitLabel, timeLeftLabel } from "../../../../domain/booking";
import { t } from "../../../../domain/messages";

/**
 * Booking a class already inside the cancellation window costs something the customer cannot
 * undo: said before they book, with the time left (domain cancelDecision, the rule cancelling
 * applies). Nothing is shown while cancelling would still return the credit.
 */
export function LateBookingWarning({ classDate, config }: { classDate: string; config: AppConfig }) {
  const date = new Date(classDate);
  const now = new Date();
  const decision = cancelDecision(date, now, config, config.timezone);
  const value = config.cancel_timeframe_value ?? 0;
  const params = {
    time: timeLeftLabel(date.getTime() - now.getTime()),
    value,
    unit: cancelUnitLabel(value, config.cancel_timeframe_unit),
  };
  const message = decision.allowed
    ? decision.refund
      ? null
      : t("bookingInsideWindowNoRefund", params)
    : decision.reason === "too_late"
      ? t("bookingInsideWindowNoCancel", params)
      : decision.reason === "disabled"
        ? t("cancelDisabled")
        : null;
  if (!message) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="late-booking-warning">
      {message}
    </Alert>
  );
}
