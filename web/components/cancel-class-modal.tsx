import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type CancelPolicy, cancelDecision, cancelUnitLabel } from "../../domain/booking";
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

/**
 * 'Cancelar Clase' (seed 000): confirms cancelling a class of a type on a date; inside the
 * threshold (when still allowed) a red warning says the credit will not be returned.
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
  const decision = cancelDecision(new Date(classDate), new Date(), policy, timeZone);
  const value = policy.cancel_timeframe_value ?? 0;
  return (
    <Modal opened={opened} onClose={onClose} title="Cancelar Clase" centered radius="lg">
      <Stack>
        <Text>
          ¿Seguro que quieres cancelar tu clase de <b>{className}</b> del {formatDate(classDate, timeZone)} a
          las {formatTime(classDate, timeZone)}?
        </Text>
        {decision.allowed && !decision.refund ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="cancel-warning">
            {t("cancelWarning", { value, unit: cancelUnitLabel(value, policy.cancel_timeframe_unit) })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Regresar
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm} disabled={!decision.allowed}>
            Cancelar Clase
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
