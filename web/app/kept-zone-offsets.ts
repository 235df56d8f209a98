import { isZoneOffsets, type ZoneOffsets } from "../../domain/zone-offsets";

/**
 * The studio zone's offset table of the last server-rendered page, for the pages rendered in the
 * browser: a customer who signs in after browsing the public site then never waits on the
 * browser's time-zone data either (its first load is one long task on a phone). Tables are per
 * zone, so one kept from another zone is simply not used; storage may be unavailable (private
 * browsing), which only means Intl is used as before.
 */
const ZONE_OFFSETS_KEY = "zone-offsets";

export function keepZoneOffsets(table: ZoneOffsets): void {
  try {
    localStorage.setItem(ZONE_OFFSETS_KEY, JSON.stringify(table));
  } catch {
    // Not kept: Intl then does the work on client-rendered pages.
  }
}

export function keptZoneOffsets(): ZoneOffsets | null {
  try {
    const table: unknown = JSON.parse(localStorage.getItem(ZONE_OFFSETS_KEY) ?? "null");
    return isZoneOffsets(table) ? table : null;
  } catch {
    return null;
  }
}
