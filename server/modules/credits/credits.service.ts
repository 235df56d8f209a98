import { hasUnlimitedMembership } from "../../../domain/booking";
import type { Db } from "../../db/client";
import { penaltiesOf } from "../penalties/penalties.service";
import {
  classTypeNames,
  findMembership,
  listBuckets,
  lockSpendableBuckets,
  setBucketAmount,
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
