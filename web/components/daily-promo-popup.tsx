import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useAppConfig } from "../lib/app-config";
import { popupSeenToday } from "./popup-seen";
import { welcomePending } from "./welcome-state";

// Loaded only when it will show, so pages without a promotion don't download the modal.
const PromoPopupModal = lazy(() => import("./promo-popup-modal"));

const QUIET_PATHS = /^\/(checkout|gracias|entrar|registro|recuperar|restablecer)(\/|$)/;

/**
 * The studio's promotional image (popup_presencial_*), at most once a day per visitor. The public
 * layout shows it (home, /calendario...) and the account calendar shows it at /mystudio; both
 * share one "seen today" mark so nobody sees it twice. On the public site it waits `delayMs`: a
 * visitor first sees the studio's page, not an ad over it (search engines also rank pages down
 * whose content is covered on arrival), and the page's first paint is not held by the image.
 */
export function DailyPromoPopup({ delayMs = 0 }: { delayMs?: number }) {
  const { popup_presencial_enabled, popup_presencial_src } = useAppConfig();
  // Decided after the first render: "seen today" lives in this browser's storage, which a page
  // rendered by the server cannot know, and the first render must match the server's HTML.
  const [show, setShow] = useState(false);
  useEffect(() => {
    // A new account sees its welcome first; the promotion waits for another visit.
    const due =
      popup_presencial_enabled && Boolean(popup_presencial_src) && !popupSeenToday() && !welcomePending();
    if (!due) return;
    const timer = window.setTimeout(() => {
      // Start the image download now, alongside the modal's code, not after it.
      new Image().src = popup_presencial_src;
      setShow(true);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [popup_presencial_enabled, popup_presencial_src, delayMs]);
  const { pathname } = useLocation();
  // Never over a purchase or a sign-in: the visitor is busy there.
  if (!show || QUIET_PATHS.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <PromoPopupModal />
    </Suspense>
  );
}
