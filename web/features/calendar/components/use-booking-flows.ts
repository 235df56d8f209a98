import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client";
import {
  type BookingInput,
  fetchActivePenalty,
  type ReservationChangeInput,
  type SingleClass,
  useBookClass,
  useCancelBooking,
  useChangeBooking,
} from "../api";

const done = (res: { message: string }) =>
  notifications.show({ color: "green", message: res.message, autoClose: 3000 });
const failed = (error: Error) =>
  notifications.show({ color: "red", message: error.message, autoClose: 5000 });

/**
 * The calendar's booking flows: book a class, change my reservation (spot, guest) and cancel it.
 * A booking refused for lack of credits or for an active penalty (docs/product-rules.md#penalties)
 * closes the booking and opens the modal that explains why. `closeBooking` closes the booking modal.
 */
export function useBookingFlows(closeBooking: () => void) {
  const book = useBookClass();
  const cancel = useCancelBooking();
  const change = useChangeBooking();
  const [noCredits, setNoCredits] = useState(false);
  const [penalty, setPenalty] = useState<{ no_shows: number; end_date: string } | null>(null);
  const [cancelling, setCancelling] = useState<SingleClass | null>(null);

  const submitBooking = (input: BookingInput) => {
    book.mutate(input, {
      onSuccess: (res) => {
        done(res);
        closeBooking();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === "NO_CREDITS") {
          closeBooking();
          setNoCredits(true);
        } else if (isApiError(error) && error.code === "PENALTY_ACTIVE") {
          closeBooking();
          // The API client keeps only message and code: read the penalty's details from its list.
          fetchActivePenalty().then(setPenalty, () =>
            setPenalty({ no_shows: 0, end_date: new Date().toISOString() }),
          );
        } else {
          failed(error);
        }
      },
    });
  };

  const submitChange = (input: ReservationChangeInput) => {
    change.mutate(input, {
      onSuccess: (res) => {
        done(res);
        closeBooking();
      },
      onError: failed,
    });
  };

  const confirmCancel = () => {
    const id = cancelling?.my_reservation?.class_reservation_id;
    if (!id) return;
    cancel.mutate(id, {
      onSuccess: (res) => {
        done(res);
        setCancelling(null);
      },
      onError: failed,
    });
  };

  return {
    submitBooking,
    submitChange,
    /** Booking or changing is on its way. */
    submitting: book.isPending || change.isPending,
    noCredits,
    closeNoCredits: () => setNoCredits(false),
    penalty,
    closePenalty: () => setPenalty(null),
    /** The class whose cancellation is being confirmed. */
    cancelling,
    askCancel: setCancelling,
    closeCancel: () => setCancelling(null),
    confirmCancel,
    cancelPending: cancel.isPending,
  };
}

export type BookingFlows = ReturnType<typeof useBookingFlows>;
