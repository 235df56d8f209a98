import { notifications } from "@mantine/notifications";
import { useState } from "react";
import type { Seat, useSetCheckIn } from "../api";
import { reservationIdFromQr } from "../qr-target";
import { seatName } from "./seat-row";

/**
 * A customer's QR read by the camera: checks in their seat of this class (once), and says whose
 * it was; a code of no reservation, or of another class's, is refused with why.
 */
export function useQrCheckIn(reservations: Seat[], setCheckIn: ReturnType<typeof useSetCheckIn>) {
  const [lastScan, setLastScan] = useState<string | null>(null);
  const onScan = (text: string) => {
    const reservationId = reservationIdFromQr(text);
    const seat = reservations.find((s) => s.class_reservation_id === reservationId);
    if (!reservationId) {
      notifications.show({
        color: "red",
        message: "Este código QR no es de una reservación.",
        autoClose: 5000,
      });
      return;
    }
    if (!seat) {
      notifications.show({
        color: "red",
        message: "Esta reservación no es de esta clase o fue cancelada.",
        autoClose: 5000,
      });
      return;
    }
    setLastScan(seatName(seat));
    if (seat.status !== "attended") setCheckIn.mutate({ id: seat.class_reservation_id, status: "attended" });
  };
  return { lastScan, onScan };
}
