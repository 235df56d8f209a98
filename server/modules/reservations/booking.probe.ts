/**
 * A hook the bench sets to watch bookings; production never sets it (docs/decisions/0083). The
 * service calls it, when set, with the times of each booking that took its seat: `sentAt` when
 * takeSeat was sent, `lockedAt` when it answered (from then the class row is locked until the
 * commit), `endedAt` after the commit. bench/lock-times.ts sets it for BOOKING_LOCK_TIMES_FILE
 * (decision 0033's lock hold).
 */
export type BookingTimes = { sentAt: number; lockedAt: number; endedAt: number };

let observer: ((times: BookingTimes) => void) | null = null;

/** Sets (or, with null, removes) the observer of bookings. */
export function observeBookings(next: ((times: BookingTimes) => void) | null): void {
  observer = next;
}

export function bookingObserver(): ((times: BookingTimes) => void) | null {
  return observer;
}
