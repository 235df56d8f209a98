import { useNavigate } from "react-router";
import type { AppConfig } from "../../../../domain/app-config";
import { cancelOption, changeDecision, classCardState } from "../../../../domain/booking";
import { spotGridFor } from "../../../../domain/spot-map";
import { ClassCard } from "../../../components/class-card";
import type { SingleClass } from "../api";
import { primaryAction } from "./month-grid";

/**
 * One state and one set of handlers per class, shared by the week's cards and the month grid: what
 * a class offers me now (reserve, cancel, change, buy its package, join its waitlist).
 */
export function useClassCards({
  config,
  signedIn,
  onBook,
  onCancel,
  onWaitlist,
}: {
  config: AppConfig;
  signedIn: boolean;
  /** Reserve, or change my reservation: the booking modal (or sign-in first). */
  onBook: (c: SingleClass) => void;
  onCancel: (c: SingleClass) => void;
  onWaitlist: (c: SingleClass) => void;
}) {
  const navigate = useNavigate();
  const zone = config.timezone;
  const now = new Date();
  const window = { hours: config.reservation_timeframe_hours, minutes: config.reservation_timeframe_minutes };
  const stateOf = (c: SingleClass) => classCardState(c, c.my_reservation !== null, now, window);
  // The rule Mis Reservaciones uses too (domain cancelOption): both screens always agree.
  const cancelOfferedOn = (c: SingleClass) =>
    c.my_reservation !== null && cancelOption({ deletedAt: null }, c.class_date, now, config, zone).offered;
  // 'Cambiar lugar' while a change is allowed and there is something to change (a spot or a guest).
  const changeLabelOf = (c: SingleClass) => {
    if (!c.my_reservation) return null;
    if (!changeDecision(new Date(c.class_date), now, config, zone).allowed) return null;
    if (config.spotmap_enabled && spotGridFor(c.class_type)) return "Cambiar lugar";
    return c.my_reservation.guest ? "Editar invitado" : null;
  };
  const handlersOf = (c: SingleClass) => ({
    onReserve: () => onBook(c),
    onCancel: () => onCancel(c),
    onChange: () => onBook(c),
    onBuy: () => navigate(`/checkout/${c.class_package_id}`),
    onWaitlist: () => (signedIn ? onWaitlist(c) : navigate("/entrar")),
  });
  const renderCard = (c: SingleClass) => (
    <ClassCard
      key={c.single_class_id}
      data={c}
      state={stateOf(c)}
      cancelOffered={cancelOfferedOn(c)}
      changeLabel={changeLabelOf(c)}
      timeZone={zone}
      waitlistEnabled={config.waitlist_enabled}
      {...handlersOf(c)}
    />
  );
  // A click on my class in the month grid does what its card offers: cancel when offered.
  const actionOf = (c: SingleClass) => {
    const state = stateOf(c);
    if (state === "reserved") return cancelOfferedOn(c) ? handlersOf(c).onCancel : null;
    return primaryAction(state, handlersOf(c), config.waitlist_enabled);
  };
  return { stateOf, actionOf, renderCard };
}
