import type { Db } from "../../db/client";
import { pendingPagesForBooking } from "../accepted-pages/accepted-pages.service";
import { missingFieldsForBooking } from "../forms/forms.service";

/**
 * Everything that must be true of an account before it may book (docs/product-rules.md#profile).
 */
export async function accountBlockers(db: Db, customerId: number) {
  // One after the other: inside a transaction both share one connection.
  const missingFields = await missingFieldsForBooking(db, customerId);
  const pendingPages = await pendingPagesForBooking(db, customerId);
  return { missingFields, pendingPages };
}
