import { lazy, Suspense, useState } from "react";
import { useAppConfig } from "../features/app-config/api";
import { popupSeenToday } from "./popup-seen";

// Loaded only when it will show, so pages without a promotion don't download the modal.
const PromoPopupModal = lazy(() => import("./promo-popup-modal"));

/**
 * The studio's promotional image (popup_presencial_*), at most once a day per visitor. The public
 * layout shows it (home, /calendario...) and the account calendar shows it at /mystudio; both
 * share one "seen today" mark so nobody sees it twice.
 */
export function DailyPromoPopup() {
  const { popup_presencial_enabled, popup_presencial_src } = useAppConfig();
  const [show] = useState(
    () => popup_presencial_enabled && Boolean(popup_presencial_src) && !popupSeenToday(),
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <PromoPopupModal />
    </Suspense>
  );
}
