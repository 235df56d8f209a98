/**
 * The location whose cash drawer this browser's desk works at (the cash close's, decision 0063):
 * chosen on /admin/corte-de-caja, sent with the desk's sales, cash confirmations and refunds.
 * Unset: the server takes the studio's first location. Read when sending, never while rendering.
 */
const KEY = "desk-location-id";

export function deskLocationId(): number | undefined {
  try {
    const value = Number(window.localStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

export function setDeskLocationId(id: number | undefined) {
  try {
    if (id === undefined) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, String(id));
  } catch {
    // Private mode without storage: the server's default location is used.
  }
}

/** `?location_id=` for the desk's cash confirmations. */
export function deskLocationQuery(): { location_id?: number } {
  const id = deskLocationId();
  return id === undefined ? {} : { location_id: id };
}
