import type { Db } from "../../db/client";
import { appHook } from "../../lib/app-hooks";

/**
 * Whether aggregator members signed the studio's waiver: a fact shown beside their visits when the
 * studio keeps waivers. The waivers module provides the lookup (`provideWaiverFacts` once per
 * app); without it the fact is unknown (null) and nothing is flagged.
 */
type Lookup = (db: Db, customerIds: number[]) => Promise<Map<number, boolean> | null>;

const lookups = appHook<Lookup>();

export function provideWaiverFacts(db: Db, lookup: Lookup): void {
  lookups.set(db, lookup);
}

export async function waiverFactsOf(db: Db, customerIds: number[]): Promise<Map<number, boolean> | null> {
  const lookup = lookups.of(db);
  if (!lookup || customerIds.length === 0) return null;
  return lookup(db, customerIds);
}
