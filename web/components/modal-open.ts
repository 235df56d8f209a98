/**
 * Whether the person has something modal open (a sign-in box, a booking, the phone menu, a
 * picker's popover): the studio's promotion never opens over it (the daily popup once opened
 * over the "Debes Acceder para Reservar" box while the visitor typed in it).
 */
const MODAL_SELECTOR = '[role="dialog"], [role="alertdialog"], [aria-modal="true"], dialog[open]';

export function otherModalOpen(except: Element | null = null): boolean {
  for (const element of document.querySelectorAll(MODAL_SELECTOR)) {
    if (except && (element === except || except.contains(element))) continue;
    // A closed native <dialog> carries no [role] and is matched only while open; Mantine unmounts
    // its closed modals. What is left is on screen.
    return true;
  }
  return false;
}

/**
 * Runs `run` once nothing modal is open: at once if that is already so, else as soon as the last
 * one leaves the page (watched through DOM changes, no polling). Returns a cancel function.
 */
export function whenNoModalOpen(run: () => void, except: () => Element | null = () => null): () => void {
  if (!otherModalOpen(except())) {
    run();
    return () => undefined;
  }
  // A modal closes with a fade: wait until it is gone for a moment, so a popup does not open
  // while the person moves from one dialog to the next (sign-in → booking).
  let settle: number | undefined;
  const observer = new MutationObserver(() => {
    window.clearTimeout(settle);
    if (otherModalOpen(except())) return;
    settle = window.setTimeout(() => {
      if (otherModalOpen(except())) return;
      observer.disconnect();
      run();
    }, 800);
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["open", "role"],
  });
  return () => {
    observer.disconnect();
    window.clearTimeout(settle);
  };
}

/**
 * Runs `run` once, as soon as a modal other than `except` appears on the page. The promotion opens
 * after a delay while the person may be opening a box of their own whose code is still loading: it
 * steps aside for that box instead of covering it (a native dialog sits above every other layer).
 */
export function whenAnotherModalOpens(run: () => void, except: () => Element | null): () => void {
  const observer = new MutationObserver(() => {
    if (!otherModalOpen(except())) return;
    observer.disconnect();
    run();
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["open", "role"],
  });
  return () => observer.disconnect();
}
