/**
 * A new account's welcome: the sign-up form marks it pending, the account area
 * shows it once and clears the mark. While it is pending no promotion popup opens: a person's
 * first screen in the account explains where to start, it is not an ad.
 */
const STORAGE_KEY = "welcome-pending";

export function markWelcomePending(): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, "1");
  } catch {
    // Without storage there is no welcome: the account still works.
  }
}

export function welcomePending(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

export function clearWelcome(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
