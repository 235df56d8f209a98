/**
 * A class's address on the calendar (the coach page's class list links there): the calendar opens
 * that day's week and the class's booking, or the sign-in box for a visitor. `day` is the class's
 * studio day (YYYY-MM-DD), so the calendar finds its week without asking for the class first.
 */
export function classLinkPath(singleClassId: number, day: string): string {
  return `/calendario?dia=${day}&clase=${singleClassId}`;
}

/** The linked class (`?clase=` and `?dia=`) when the address names a valid one. */
export function linkedClassOf(search: URLSearchParams): { id: number; day: string } | null {
  const id = Number(search.get("clase"));
  const day = search.get("dia") ?? "";
  return Number.isInteger(id) && id > 0 && /^\d{4}-\d{2}-\d{2}$/.test(day) ? { id, day } : null;
}
