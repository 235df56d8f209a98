import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { type CancelPolicy, cancelOption, cancelUnitLabel, timeLeftLabel } from "../../domain/booking";
import { formatDate, formatTime } from "../../domain/format";
import { t } from "../../domain/messages";

export interface CancelClassModalProps {
  opened: boolean;
  className: string;
  classDate: string;
  policy: CancelPolicy;
  timeZone: string;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The time left is re-read this often while the modal is open (it is shown to the minute). */
const TICK_MS = 30_000;

/**
 * 'Cancelar Clase' (docs/product-rules.md#cancelling): confirms cancelling a class of a type on a
 * date. Inside the threshold it says, in red, how long is left before the class and what that
 * means: the credit is not returned (allow_cancel_after_treshold), or the class can no longer be
 * cancelled, and then there is nothing to confirm. It decides with domain cancelOption, the rule
 * that shows the 'Cancelar' button on the calendar card and in Mis Reservaciones.
 */
export function CancelClassModal({
  opened,
  className,
  classDate,
  policy,
  timeZone,
  loading,
  onClose,
  onConfirm,
}: CancelClassModalProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!opened) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, [opened]);
  const option = cancelOption({ deletedAt: null }, classDate, now, policy, timeZone);
  const value = policy.cancel_timeframe_value ?? 0;
  const params = { value, unit: cancelUnitLabel(value, policy.cancel_timeframe_unit) };
  const when = `${formatDate(classDate, timeZone)} a las ${formatTime(classDate, timeZone)}`;
  const canConfirm = option.offered && option.allowed;
  const warning = !option.offered
    ? t(
        option.reason === "disabled"
          ? "cancelDisabled"
          : option.reason === "started"
            ? "cancelStarted"
            : "alreadyCancelled",
      )
    : !option.allowed
      ? t("cancelTooLate", params)
      : option.refund
        ? null
        : t("cancelWarning", params);
  return (
    <Modal opened={opened} onClose={onClose} title="Cancelar Clase" centered radius="lg">
      <Stack>
        {canConfirm ? (
          <Text>
            ¿Seguro que quieres cancelar tu clase de <b>{className}</b> del {when}?
          </Text>
        ) : (
          <Text>
            Tu clase de <b>{className}</b> es el {when}.
          </Text>
        )}
        {warning ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="cancel-warning">
            <Stack gap={4}>
              {option.offered ? (
                <Text size="sm" fw={700}>
                  {t("cancelTimeLeft", { time: timeLeftLabel(option.remainingMs) })}
                </Text>
              ) : null}
              <Text size="sm">{warning}</Text>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {canConfirm ? (
            <>
              <Button variant="default" onClick={onClose}>
                Regresar
              </Button>
              <Button color="red" loading={loading} onClick={onConfirm}>
                Cancelar Clase
              </Button>
            </>
          ) : (
            <Button onClick={onClose}>Entendido</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
