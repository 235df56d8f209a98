import type { AppConfig } from "../../../domain/app-config";
import type { Db } from "../../db/client";
import { pendingPagesForBooking } from "../accepted-pages/accepted-pages.service";
import { missingFieldsForBooking } from "../forms/forms.service";
import { waiverRefusalForBooking } from "../waivers/waivers.service";

/**
 * Everything that must be true of an account before it may book (docs/product-rules.md#profile).
 */
export async function accountBlockers(db: Db, customerId: number, config: AppConfig) {
  // One after the other: inside a transaction both share one connection.
  const missingFields = await missingFieldsForBooking(db, customerId);
  const pendingPages = await pendingPagesForBooking(db, customerId);
  // Read only when the studio blocks without a signed carta responsiva (decision 0099).
  const waiver = await waiverRefusalForBooking(db, config, customerId);
  return { missingFields, pendingPages, waiver };
}
