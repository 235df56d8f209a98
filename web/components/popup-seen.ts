/** "At most once per day": the popup remembers the visitor's date it was last closed. */
const STORAGE_KEY = "promo-popup-seen";

const today = () => new Date().toLocaleDateString("en-CA");

export function popupSeenToday(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === today();
  } catch {
    return false;
  }
}

export function rememberPopupSeen(): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, today());
  } catch {
    // Private mode without storage: it simply shows again on the next visit.
  }
}
