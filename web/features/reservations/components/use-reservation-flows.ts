import { notifications } from "@mantine/notifications";
import { useState } from "react";
import type { RatingInput } from "../api";
import { type Reservation, useCancelReservation, useRateReservation } from "../api";

const done = (res: { message: string }) =>
  notifications.show({ color: "green", message: res.message, autoClose: 3000 });
const failed = (error: Error) =>
  notifications.show({ color: "red", message: error.message, autoClose: 5000 });

/**
 * Mis Reservaciones' flows: cancel a reservation (after the confirm modal, which says the time
 * left and the consequence: docs/product-rules.md#cancelling) and rate a class taken.
 */
export function useReservationFlows() {
  const cancel = useCancelReservation();
  const rate = useRateReservation();
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [rating, setRating] = useState<Reservation | null>(null);

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.class_reservation_id, {
      onSuccess: (res) => {
        done(res);
        setCancelling(null);
      },
      onError: failed,
    });
  };
  const submitRating = (value: Omit<RatingInput, "class_reservation_id">) => {
    if (!rating) return;
    rate.mutate(
      { class_reservation_id: rating.class_reservation_id, ...value },
      {
        onSuccess: (res) => {
          done(res);
          setRating(null);
        },
        onError: failed,
      },
    );
  };

  return {
    cancelling,
    askCancel: setCancelling,
    closeCancel: () => setCancelling(null),
    confirmCancel,
    cancelPending: cancel.isPending,
    rating,
    askRating: setRating,
    closeRating: () => setRating(null),
    submitRating,
    ratePending: rate.isPending,
  };
}
