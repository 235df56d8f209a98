/** "At most once per day": the popup remembers the visitor's date it was last closed. */
const STORAGE_KEY = "promo-popup-seen";

/**
 * The visitor's own date, "YYYY-MM-DD". Built from the Date's local fields, not with
 * toLocaleDateString: the first Intl date format of a page loads the browser's time-zone data,
 * ~50 ms on a phone, in the task that starts the app.
 */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

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
