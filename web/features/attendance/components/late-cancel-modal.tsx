import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { Seat, useSetCheckIn } from "../api";
import { seatName } from "./seat-row";

/** A late cancel is asked first: the seat is lost and the credit kept, for good. */
export function LateCancelModal({
  seat: lateCancel,
  onClose,
  setCheckIn,
}: {
  seat: Seat | null;
  onClose: () => void;
  setCheckIn: ReturnType<typeof useSetCheckIn>;
}) {
  return (
    <Modal opened={lateCancel !== null} onClose={() => onClose()} title="Cancelación tardía">
      <Stack>
        <Text>
          {lateCancel ? seatName(lateCancel) : ""} pierde su lugar y el crédito no se devuelve. Esto no se
          puede deshacer.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            Volver
          </Button>
          <Button
            color="orange.9"
            loading={setCheckIn.isPending}
            onClick={() => {
              if (!lateCancel) return;
              setCheckIn.mutate(
                { id: lateCancel.class_reservation_id, status: "late_cancel" },
                { onSettled: () => onClose() },
              );
            }}
          >
            Registrar cancelación tardía
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
