import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { useAppConfig } from "../features/app-config/api";
import { popupSeenToday } from "./popup-seen";

// Loaded only when it will show, so pages without a promotion don't download the modal.
const PromoPopupModal = lazy(() => import("./promo-popup-modal"));

const QUIET_PATHS = /^\/(checkout|gracias|entrar|registro|recuperar|restablecer)(\/|$)/;

/**
 * The studio's promotional image (popup_presencial_*), at most once a day per visitor. The public
 * layout shows it (home, /calendario...) and the account calendar shows it at /mystudio; both
 * share one "seen today" mark so nobody sees it twice.
 */
export function DailyPromoPopup() {
  const { popup_presencial_enabled, popup_presencial_src } = useAppConfig();
  const [show] = useState(() => {
    const due = popup_presencial_enabled && Boolean(popup_presencial_src) && !popupSeenToday();
    // Start the image download now, alongside the modal's code, not after it.
    if (due) new Image().src = popup_presencial_src;
    return due;
  });
  const { pathname } = useLocation();
  // Never over a purchase or a sign-in: the visitor is busy there.
  if (!show || QUIET_PATHS.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <PromoPopupModal />
    </Suspense>
  );
}
