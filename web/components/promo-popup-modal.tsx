import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useAppConfig } from "../lib/app-config";
import { internalPath } from "../lib/contact";
import { siteOrigin } from "../lib/site-origin";
import { whenAnotherModalOpens, whenNoModalOpen } from "./modal-open";
import { rememberPopupSeen } from "./popup-seen";
import classes from "./promo-popup-modal.module.css";

/**
 * The studio's promotional image (popup_presencial_*). A native <dialog>: the browser gives the
 * focus trap, Escape and the backdrop, so the home page does not download a modal library for an
 * image (it was a third of the page's JavaScript).
 */
export default function PromoPopupModal() {
  const { popup_presencial_src: src, popup_presencial_link: link } = useAppConfig();
  const dialog = useRef<HTMLDialogElement>(null);

  // Opens once the image is decoded: a dialog opened empty grows when its image arrives, which
  // moved the page under it (Lighthouse counted a 0.67 layout shift). An image that fails to load
  // shows no popup at all rather than an empty frame.
  // It also waits while the person has a modal of their own open (signing in, booking, the phone
  // menu) and opens once that has closed: a promotion never covers what they are doing.
  // A box the person opens while the promotion shows (its code may still have been loading when
  // the promotion opened) makes the promotion step aside, unseen, until that box has closed.
  const steppingAside = useRef(false);
  useEffect(() => {
    let cancelled = false;
    let stopWaiting: () => void = () => undefined;
    const whenFree = () => {
      stopWaiting = whenNoModalOpen(
        () => {
          const element = dialog.current;
          if (cancelled || !element || element.open) return;
          element.showModal();
          stopWaiting = whenAnotherModalOpens(
            () => {
              if (cancelled || !element.open) return;
              steppingAside.current = true;
              element.close();
              whenFree();
            },
            () => dialog.current,
          );
        },
        () => dialog.current,
      );
    };
    const preload = new Image();
    preload.src = src;
    preload.decode().then(
      () => {
        if (!cancelled) whenFree();
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stopWaiting();
    };
  }, [src]);

  const close = () => {
    rememberPopupSeen();
    dialog.current?.close();
  };
  const path = link ? internalPath(link, siteOrigin()) : null;
  const image = <img src={src} alt="Promoción" className={classes.image} />;
  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      aria-label="Promoción"
      onClose={() => {
        // Closed to make way for the person's own box: not seen yet, it opens again after.
        if (steppingAside.current) steppingAside.current = false;
        else rememberPopupSeen();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the content) closes it.
        if (event.target === dialog.current) close();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") rememberPopupSeen();
      }}
    >
      <div className={classes.content}>
        <button type="button" className={classes.close} onClick={close} aria-label="Cerrar promoción">
          ×
        </button>
        {!link ? (
          image
        ) : path ? (
          <Link to={path} onClick={close} aria-label="Ver promoción">
            {image}
          </Link>
        ) : (
          <a href={link} target="_blank" rel="noopener noreferrer" onClick={close} aria-label="Ver promoción">
            {image}
          </a>
        )}
      </div>
    </dialog>
  );
}
