import type { Db } from "../../db/client";
import { pendingRequiredPages } from "../accepted-pages/accepted-pages.service";
import { missingRequiredFields } from "../customers/customers.service";

/** Everything that must be true of an account before it may book (seed 000, booking checks). */
export async function accountBlockers(db: Db, customerId: number) {
  // One after the other: inside a transaction both share one connection.
  const missingFields = await missingRequiredFields(db, customerId);
  const pendingPages = await pendingRequiredPages(db, customerId);
  return { missingFields, pendingPages };
}
