import { lazy, Suspense, useRef, useState } from "react";
import type { AppConfig } from "../../../../domain/app-config";
import type { SingleClass } from "../api";
import type { BookingFlows } from "./use-booking-flows";

// The sign-in/sign-up forms are only needed when a visitor taps Reservar: fetched then, so the
// public schedule does not download them. The same for every other modal: a visitor who only
// looks at the week never downloads Mantine's Modal, the spot map or the booking form.
const AuthModal = lazy(() => import("../../auth/public").then((module) => ({ default: module.AuthModal })));
const BookingModal = lazy(() => import("./booking-modal").then((m) => ({ default: m.BookingModal })));
const NoCreditsModal = lazy(() => import("./booking-alerts").then((m) => ({ default: m.NoCreditsModal })));
const PenaltyModal = lazy(() => import("./booking-alerts").then((m) => ({ default: m.PenaltyModal })));
const WaitlistModal = lazy(() =>
  import("../../../components/waitlist-modal").then((m) => ({ default: m.WaitlistModal })),
);
const CancelClassModal = lazy(() =>
  import("../../../components/cancel-class-modal").then((m) => ({ default: m.CancelClassModal })),
);

/** True from the first time `when` is true: a lazy modal mounts when first needed, then stays
 * mounted so it can animate closed. */
function useNeededOnce(when: boolean): boolean {
  const [needed, setNeeded] = useState(when);
  if (when && !needed) setNeeded(true);
  return needed || when;
}

/**
 * The calendar's modals: booking (or changing) a class, signing in first, no credits, an active
 * penalty, the waitlist and cancelling. A visitor who signs in from the modal lands back in the
 * booking (AuthModal waits 1 s before `onSignedIn`).
 */
export function CalendarModals({
  config,
  booking,
  onCloseBooking,
  onResumeBooking,
  authFor,
  onCloseAuth,
  waitlistFor,
  onCloseWaitlist,
  flows,
  packagesPath,
}: {
  config: AppConfig;
  /** The class the booking modal is open on. */
  booking: SingleClass | null;
  onCloseBooking: () => void;
  onResumeBooking: (c: SingleClass) => void;
  /** The class a visitor tapped Reservar on: sign in first. */
  authFor: SingleClass | null;
  onCloseAuth: () => void;
  waitlistFor: SingleClass | null;
  onCloseWaitlist: () => void;
  flows: BookingFlows;
  packagesPath: string;
}) {
  const zone = config.timezone;
  const resumeAfterSignIn = useRef<SingleClass | null>(null);
  const bookingNeeded = useNeededOnce(booking !== null);
  const noCreditsNeeded = useNeededOnce(flows.noCredits);
  const penaltyNeeded = useNeededOnce(flows.penalty !== null);
  const waitlistNeeded = useNeededOnce(waitlistFor !== null);
  const cancelling = flows.cancelling;
  return (
    <>
      {bookingNeeded ? (
        <Suspense fallback={null}>
          <BookingModal
            key={booking?.single_class_id ?? 0}
            klass={booking}
            submitting={flows.submitting}
            onClose={onCloseBooking}
            onSubmit={flows.submitBooking}
            onChange={flows.submitChange}
          />
        </Suspense>
      ) : null}
      {authFor !== null || resumeAfterSignIn.current ? (
        <Suspense fallback={null}>
          <AuthModal
            opened={authFor !== null}
            onClose={() => {
              resumeAfterSignIn.current = authFor;
              onCloseAuth();
            }}
            onSignedIn={() => {
              const c = resumeAfterSignIn.current;
              resumeAfterSignIn.current = null;
              if (c) onResumeBooking(c);
            }}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {noCreditsNeeded ? (
          <NoCreditsModal
            opened={flows.noCredits}
            packagesPath={packagesPath}
            onClose={flows.closeNoCredits}
          />
        ) : null}
        {penaltyNeeded ? (
          <PenaltyModal penalty={flows.penalty} timeZone={zone} onClose={flows.closePenalty} />
        ) : null}
        {waitlistNeeded ? (
          <WaitlistModal klass={waitlistFor} timeZone={zone} onClose={onCloseWaitlist} />
        ) : null}
      </Suspense>
      {cancelling ? (
        <Suspense fallback={null}>
          <CancelClassModal
            opened
            className={cancelling.class_type.name}
            classDate={cancelling.class_date}
            policy={config}
            timeZone={zone}
            loading={flows.cancelPending}
            onClose={flows.closeCancel}
            onConfirm={flows.confirmCancel}
          />
        </Suspense>
      ) : null}
    </>
  );
}
