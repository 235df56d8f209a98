import { and, count, eq, inArray, isNotNull, isNull, not, or, type SQL, sql } from "drizzle-orm";
import type { WAITLIST_SORTS, WAITLIST_STATES } from "../../../domain/api/admin-lists";
import { WAITLIST_IN_LINE } from "../../../domain/api/waitlists";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import { class_types, locations, single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { waitlists } from "../../db/schema/waitlists";
import { customerColumns, customerMatches, customerSortKey } from "./customer-columns";
import { type InstantRange, offsetOf, orderBy, type Paging, type Sorting, withinRange } from "./list-query";

/**
 * Every waitlist entry, in line or done, for the admin. The place in line is the same count the
 * customer sees (entries still in line that joined earlier), computed for the page's rows only on
 * the (single_class_id, createdAt) index; so it is not a sort key.
 */

export type WaitlistSort = (typeof WAITLIST_SORTS)[number];

export type WaitlistState = (typeof WAITLIST_STATES)[number];

const inLine = and(isNull(waitlists.deletedAt), inArray(waitlists.status, WAITLIST_IN_LINE));

function stateCondition(state: WaitlistState | undefined): SQL | undefined {
  if (!state) return undefined;
  if (state === "active") return inLine;
  if (state === "past")
    return or(isNotNull(waitlists.deletedAt), not(inArray(waitlists.status, WAITLIST_IN_LINE)));
  return eq(waitlists.status, state);
}

const position = sql<
  number | null
>`case when ${waitlists.deletedAt} is null and ${waitlists.status} in ('waiting', 'offered')
  then (select count(*) + 1 from ${waitlists} w2 where w2.single_class_id = ${qualified(waitlists.single_class_id)}
    and w2.deleted_at is null and w2.status in ('waiting', 'offered')
    and (w2.created_at, w2.waitlist_id) < (${qualified(waitlists.createdAt)}, ${qualified(waitlists.waitlist_id)}))
  end`.mapWith((v) => (v === null ? null : Number(v)));

export async function pageOfWaitlistEntries(
  db: Db,
  input: Paging & Sorting<WaitlistSort> & { query: string; range: InstantRange; state?: WaitlistState },
) {
  const where = and(
    ...withinRange(single_classes.class_date, input.range),
    stateCondition(input.state),
    customerMatches(input.query),
  );
  const column = {
    class_date: single_classes.class_date,
    created_at: waitlists.createdAt,
    customer: customerSortKey,
    status: waitlists.status,
  }[input.sort];
  const rows = await db
    .select({
      waitlist_id: waitlists.waitlist_id,
      single_class_id: waitlists.single_class_id,
      class_date: single_classes.class_date,
      class_cancelledAt: single_classes.cancelledAt,
      class_type: class_types.name,
      location: locations.name,
      ...customerColumns,
      status: waitlists.status,
      position,
      offer_expires_at: waitlists.offer_expires_at,
      removedAt: waitlists.deletedAt,
      createdAt: waitlists.createdAt,
    })
    .from(waitlists)
    .innerJoin(single_classes, eq(single_classes.single_class_id, waitlists.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .innerJoin(customers, eq(customers.customer_id, waitlists.customer_id))
    .where(where)
    .orderBy(...orderBy(column, input.order, waitlists.waitlist_id))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  // The count joins a table only when a filter reads it (every entry has its class and customer).
  let counted = db.select({ n: count() }).from(waitlists).$dynamic();
  if (input.range.start || input.range.end) {
    counted = counted.innerJoin(
      single_classes,
      eq(single_classes.single_class_id, waitlists.single_class_id),
    );
  }
  if (input.query) counted = counted.innerJoin(customers, eq(customers.customer_id, waitlists.customer_id));
  const [total] = await counted.where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Whose entry this is (the waitlists service acts on a customer's own entry). */
export async function entryOwner(db: Db, id: number) {
  const [row] = await db
    .select({ customer_id: waitlists.customer_id, single_class_id: waitlists.single_class_id })
    .from(waitlists)
    .where(and(eq(waitlists.waitlist_id, id), isNull(waitlists.deletedAt)));
  return row ?? null;
}
