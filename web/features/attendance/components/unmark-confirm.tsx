import { useState } from "react";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import type { Seat, useSetCheckIn } from "../api";
import { seatName } from "./seat-row";

/**
 * Taking an attendance back asks first (docs/product-rules.md#hoy: a mis-tap on a busy door
 * should not undo a check-in); the server answers "Asistencia quitada." once done.
 */
export function useUnmarkConfirm(setCheckIn: ReturnType<typeof useSetCheckIn>) {
  const [seat, setSeat] = useState<Seat | null>(null);
  const modal = (
    <ConfirmModal
      opened={seat !== null}
      title="Quitar asistencia"
      message={`¿Quitar la asistencia de ${seat ? seatName(seat) : ""}? Su lugar queda sin marcar.`}
      confirmLabel="Quitar asistencia"
      color="red"
      loading={setCheckIn.isPending}
      onClose={() => setSeat(null)}
      onConfirm={() => {
        if (!seat) return;
        setCheckIn.mutate(
          { id: seat.class_reservation_id, status: "pending" },
          { onSettled: () => setSeat(null) },
        );
      }}
    />
  );
  return { ask: setSeat, modal };
}
