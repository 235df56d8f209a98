import { hasUnlimitedMembership, instantFromInput, normaliseAllowedTimes } from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { creditsToWithdraw } from "../../../domain/refunds";
import type { Db } from "../../db/client";
import { type Actor, auditedChange } from "../audit/audit.service";
import { penaltiesOf } from "../penalties/penalties.service";
import {
  type BucketValues,
  classTypeNames,
  countSeatsPaidBy,
  customerExists,
  deleteBucket,
  findBucket,
  findMembership,
  insertBucket,
  listBuckets,
  lockBucketsOfPurchase,
  lockSpendableBuckets,
  setBucketAmount,
  updateBucket,
} from "./credits.repository";

type Bucket = Awaited<ReturnType<typeof listBuckets>>[number];

function ids(text: string | null): number[] {
  return (text ?? "")
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

function bucketOut(b: Bucket, names: Map<number, string>) {
  const typeIds = [...new Set([...(b.class_type_id ? [b.class_type_id] : []), ...ids(b.class_types)])];
  return {
    available_class_id: b.available_class_id,
    class_type_id: b.class_type_id,
    class_types: b.class_types,
    class_type_names: typeIds.map((id) => names.get(id)).filter((n): n is string => Boolean(n)),
    allowed_times: b.allowed_times,
    available_classes: b.available_classes,
    unlimited: b.available_classes === -1,
    cancels_used: b.cancels_used,
    expiration_date: b.expiration_date?.toISOString() ?? null,
    purchase_id: b.purchase_id,
  };
}

/**
 * My credits: the buckets (active ones, or all with `all`), plus the summary behind the credit
 * badge of Mis Reservaciones: total usable credits, and an unlimited membership with its expiry.
 */
export async function myCredits(db: Db, customerId: number, all: boolean, now = new Date()) {
  const names = new Map((await classTypeNames(db)).map((r) => [r.class_type_id, r.name]));
  const buckets = await listBuckets(db, customerId, all ? undefined : now);
  const active = all ? await listBuckets(db, customerId, now) : buckets;
  const membership = await findMembership(db, customerId);
  const unlimitedBucket = active.find((b) => b.available_classes === -1);
  const memberUnlimited = membership ? hasUnlimitedMembership(membership, now) : false;
  return {
    available_classes: buckets.map((b) => bucketOut(b, names)),
    total: active.reduce((sum, b) => sum + Math.max(0, b.available_classes), 0),
    unlimited: memberUnlimited || Boolean(unlimitedBucket),
    unlimited_expiration: memberUnlimited
      ? (membership?.unlimited_membership_expiration?.toISOString() ?? null)
      : (unlimitedBucket?.expiration_date?.toISOString() ?? null),
  };
}

export async function myPenalties(db: Db, customerId: number, now = new Date()) {
  const rows = await penaltiesOf(db, customerId, now);
  return rows.map((p) => ({
    class_reservation_penalty_id: p.class_reservation_penalty_id,
    no_shows: p.no_shows,
    start_date: p.start_date.toISOString(),
    end_date: p.end_date.toISOString(),
    active: p.active,
  }));
}

/**
 * Takes up to `amount` credits from the customer's buckets that expire first (never-expiring
 * last), never leaving one below 0; unlimited and expired buckets are not touched. Runs in the
 * caller's transaction (the buckets are locked) and answers what it took from each bucket.
 */
export async function takeCredits(tx: Db, customerId: number, amount: number, now = new Date()) {
  const buckets = await lockSpendableBuckets(tx, customerId, now);
  let left = amount;
  const taken: { available_class_id: number; removed: number }[] = [];
  for (const bucket of buckets) {
    if (left === 0) break;
    const removed = Math.min(left, bucket.available_classes);
    await setBucketAmount(tx, bucket.available_class_id, bucket.available_classes - removed);
    taken.push({ available_class_id: bucket.available_class_id, removed });
    left -= removed;
  }
  return { removed: amount - left, buckets: taken };
}

// ---------------------------------------------------------------------------------------------
// Administrators: the contract's /available_classes resource (decision 0020)

/** A bucket as an administrator writes it; a key left out keeps its value on PUT. */
export type BucketInput = {
  available_classes?: number;
  /** "YYYY-MM-DD" (end of that day in the studio) or an ISO instant; null = never expires. */
  expiration_date?: string | null;
  class_type_id?: number | null;
  /** Class type ids, as a list or the stored comma text; null or empty = any type. */
  class_types?: number[] | string | null;
  allowed_times?: string | null;
};

const fieldError = (status: number, code: string, field: string, key: Parameters<typeof t>[0]) =>
  AppError.of(status, code, key, {}, { fields: { [field]: t(key) } });

/**
 * Turns an administrator's input into columns, refusing what would make a bucket wrong: an amount
 * below -1 (-1 is unlimited), an expiry that is not a date or is already past, class types that
 * do not exist, times that are not times of day.
 */
async function bucketValues(
  db: Db,
  input: BucketInput,
  timeZone: string,
  now: Date,
): Promise<Partial<BucketValues>> {
  const out: Partial<BucketValues> = {};
  if (input.available_classes !== undefined) {
    if (!Number.isInteger(input.available_classes) || input.available_classes < -1) {
      throw fieldError(400, "CREDIT_AMOUNT_INVALID", "available_classes", "creditAmountInvalid");
    }
    out.available_classes = input.available_classes;
  }
  if (input.expiration_date !== undefined) {
    if (input.expiration_date === null || input.expiration_date === "") out.expiration_date = null;
    else {
      const date = instantFromInput(input.expiration_date, timeZone);
      if (!date) throw fieldError(400, "DATE_INVALID", "expiration_date", "dateInvalid");
      if (date.getTime() <= now.getTime()) {
        throw fieldError(400, "CREDIT_EXPIRY_PAST", "expiration_date", "creditExpiryPast");
      }
      out.expiration_date = date;
    }
  }
  const wanted: number[] = [];
  if (input.class_type_id !== undefined) {
    out.class_type_id = input.class_type_id;
    if (input.class_type_id !== null) wanted.push(input.class_type_id);
  }
  if (input.class_types !== undefined) {
    const ids =
      input.class_types === null
        ? []
        : Array.isArray(input.class_types)
          ? input.class_types
          : input.class_types
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
              .map(Number);
    if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
      throw fieldError(400, "CLASS_TYPE_NOT_FOUND", "class_types", "classTypeNotFound");
    }
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    out.class_types = unique.length ? unique.join(",") : null;
    wanted.push(...unique);
  }
  if (wanted.length) {
    const known = new Set((await classTypeNames(db)).map((r) => r.class_type_id));
    if (wanted.some((id) => !known.has(id))) {
      throw fieldError(400, "CLASS_TYPE_NOT_FOUND", "class_types", "classTypeNotFound");
    }
  }
  if (input.allowed_times !== undefined) {
    if (input.allowed_times === null || input.allowed_times.trim() === "") out.allowed_times = null;
    else {
      const times = normaliseAllowedTimes(input.allowed_times);
      if (!times) throw fieldError(400, "ALLOWED_TIMES_INVALID", "allowed_times", "allowedTimesInvalid");
      out.allowed_times = times;
    }
  }
  return out;
}

/** What the audit log keeps of a bucket, before and after a change. */
function bucketAudit(b: NonNullable<Awaited<ReturnType<typeof findBucket>>>) {
  return {
    available_classes: b.available_classes,
    expiration_date: b.expiration_date?.toISOString() ?? null,
    class_type_id: b.class_type_id,
    class_types: b.class_types,
    allowed_times: b.allowed_times,
  };
}

async function namesOf(db: Db) {
  return new Map((await classTypeNames(db)).map((r) => [r.class_type_id, r.name]));
}

/** Every bucket of a customer (expired and spent ones too), for the back office. */
export async function customerBuckets(db: Db, customerId: number) {
  if (!(await customerExists(db, customerId))) throw notFound("customerNotFound", "CUSTOMER_NOT_FOUND");
  const names = await namesOf(db);
  const buckets = await listBuckets(db, customerId);
  return buckets.map((b) => ({ ...bucketOut(b, names), customer_id: b.customer_id }));
}

/** One bucket; `customerId` limits it to that customer's (a customer reading their own). */
export async function bucketById(db: Db, id: number, customerId: number | null) {
  const bucket = await findBucket(db, id);
  if (!bucket || (customerId !== null && bucket.customer_id !== customerId)) {
    throw notFound("creditBucketNotFound", "CREDIT_BUCKET_NOT_FOUND");
  }
  return { ...bucketOut(bucket, await namesOf(db)), customer_id: bucket.customer_id };
}

export async function createBucket(
  db: Db,
  actor: Actor,
  customerId: number,
  input: BucketInput & { available_classes: number },
  timeZone: string,
  now = new Date(),
) {
  if (!(await customerExists(db, customerId))) throw notFound("customerNotFound", "CUSTOMER_NOT_FOUND");
  const values = await bucketValues(db, input, timeZone, now);
  const row = await auditedChange(db, actor, async (tx) => {
    const created = await insertBucket(tx, customerId, {
      available_classes: values.available_classes ?? 0,
      expiration_date: values.expiration_date ?? null,
      class_type_id: values.class_type_id ?? null,
      class_types: values.class_types ?? null,
      allowed_times: values.allowed_times ?? null,
    });
    return {
      result: created,
      audit: {
        action: "credits.bucket_create",
        entity: "available_class",
        entity_id: created.available_class_id,
        customer_id: customerId,
        details: { before: null, after: bucketAudit(created) },
      },
    };
  });
  return bucketById(db, row.available_class_id, null);
}

export async function changeBucket(
  db: Db,
  actor: Actor,
  id: number,
  input: BucketInput,
  timeZone: string,
  now = new Date(),
) {
  const values = await bucketValues(db, input, timeZone, now);
  await auditedChange(db, actor, async (tx) => {
    // Locked: a booking spending from this bucket waits, and the audit's "before" is exact.
    const before = await findBucket(tx, id, true);
    if (!before) throw notFound("creditBucketNotFound", "CREDIT_BUCKET_NOT_FOUND");
    const after = Object.keys(values).length ? await updateBucket(tx, id, values) : before;
    return {
      result: after,
      audit: {
        action: "credits.bucket_update",
        entity: "available_class",
        entity_id: id,
        customer_id: before.customer_id,
        details: { before: bucketAudit(before), after: bucketAudit(after) },
      },
    };
  });
  return bucketById(db, id, null);
}

/**
 * Deletes a bucket. Reservations it paid for stay (their link to it is cleared by the database),
 * so cancelling one of them later gives nothing back: the administrator removed those credits.
 */
export async function removeBucket(db: Db, actor: Actor, id: number) {
  await auditedChange(db, actor, async (tx) => {
    const before = await findBucket(tx, id, true);
    if (!before) throw notFound("creditBucketNotFound", "CREDIT_BUCKET_NOT_FOUND");
    await deleteBucket(tx, id);
    return {
      result: null,
      audit: {
        action: "credits.bucket_delete",
        entity: "available_class",
        entity_id: id,
        customer_id: before.customer_id,
        details: { before: bucketAudit(before), after: null },
      },
    };
  });
}

/**
 * A refund of a purchase withdraws its unused credits (domain/refunds.ts says how many), in the
 * refund's transaction. The caller has locked the customer row first, as a booking does, so a
 * booking and a refund of the same credits run one after the other, never both on one credit.
 * A full refund also empties the purchase's unlimited buckets (-1).
 */
export async function withdrawPurchaseCredits(
  tx: Db,
  purchaseId: number,
  input: { refunded_cents: number; total_cents: number; withdrawn_before: number; full: boolean },
) {
  const buckets = await lockBucketsOfPurchase(tx, purchaseId);
  const limited = buckets.filter((b) => b.available_classes > 0);
  const unused = limited.reduce((sum, b) => sum + b.available_classes, 0);
  const used = await countSeatsPaidBy(
    tx,
    buckets.map((b) => b.available_class_id),
  );
  let left = creditsToWithdraw({
    unused,
    used,
    ...input,
    refunded_cents: input.full ? input.total_cents : input.refunded_cents,
  });
  const withdrawn = left;
  for (const bucket of limited) {
    if (left === 0) break;
    const taken = Math.min(left, bucket.available_classes);
    await setBucketAmount(tx, bucket.available_class_id, bucket.available_classes - taken);
    left -= taken;
  }
  if (input.full) {
    for (const bucket of buckets.filter((b) => b.available_classes === -1))
      await setBucketAmount(tx, bucket.available_class_id, 0);
  }
  return { withdrawn, unused_before: unused, used };
}
