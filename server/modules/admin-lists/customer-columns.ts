import { ilike, or, type SQL, sql } from "drizzle-orm";
import { customers } from "../../db/schema/customers";
import { containsPattern } from "./list-query";

/** "Ana López": what every list shows and sorts by as the customer's name. */
export const customerFullName = sql<string>`trim(${customers.name} || ' ' || coalesce(${customers.last_name}, ''))`;

/** The customer columns every list joins in (one join, never a query per row). */
export const customerColumns = {
  customer_id: customers.customer_id,
  customer_name: customerFullName,
  customer_email: customers.email,
};

/** Name (with last name) or email contains the text, ignoring case. */
export function customerMatches(query: string): SQL | undefined {
  if (!query) return undefined;
  const like = containsPattern(query);
  return or(
    ilike(sql`${customers.name} || ' ' || coalesce(${customers.last_name}, '')`, like),
    ilike(customers.email, like),
  );
}

/** Sort key of the customer column: case-insensitive name. */
export const customerSortKey = sql`lower(${customerFullName})`;
