/**
 * Case (f0) of `npm run bench`: the physical limit of a booking on this database and driver. The
 * smallest correct booking is one statement: the class's seat counter taken by a conditional
 * update (which waits for the class row and re-checks the seats on its newest version) feeding
 * the insert, which the one-own-seat unique index guards; the matching cancel is one update of
 * the reservation (the counter follows by the table's trigger, as for every writer). Both run as
 * single autocommitted statements, with the same number of concurrent clients as (f), over a pool
 * of the app's size (20 connections) on PostgreSQL or the one PGlite connection the app would
 * have. No HTTP, no session, no rule: what remains when everything the app adds is taken away.
 */
import type { BenchSql } from "./bench-data";

export const FLOOR_BOOK = `with seat as (
    update single_classes set seats_taken = seats_taken
    where single_class_id = $1 and cancelled_at is null and capacity - seats_taken >= 1
    returning single_class_id)
  insert into class_reservations (single_class_id, customer_id, is_paid, paid_with)
  select single_class_id, $2, true, 'unlimited' from seat
  on conflict do nothing
  returning class_reservation_id`;

export const FLOOR_CANCEL = `update class_reservations set deleted_at = now(), updated_at = now()
  where class_reservation_id = $1 and customer_id = $2 and deleted_at is null`;

type Query = BenchSql["query"];

export type FloorResult = {
  pairsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  booked: number;
  errors: number;
};

/**
 * `clients` loops, each one customer (one of `customers`), book a random class of `classes` and
 * cancel it again for `seconds`; latencies are per statement, like (f)'s per request.
 */
export async function bookingFloor(
  query: Query,
  classes: number[],
  customers: number[],
  clients: number,
  seconds: number,
): Promise<FloorResult> {
  const latencies: number[] = [];
  let booked = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const timed = async (sql: string, params: unknown[]) => {
    const t0 = performance.now();
    const result = await query(sql, params);
    latencies.push(performance.now() - t0);
    return result;
  };
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const customer = customers[i % customers.length];
      while (performance.now() < deadline) {
        const classId = classes[Math.floor(Math.random() * classes.length)];
        try {
          const { rows } = await timed(FLOOR_BOOK, [classId, customer]);
          const id = rows[0]?.class_reservation_id;
          if (id === undefined) {
            errors++;
            continue;
          }
          booked++;
          await timed(FLOOR_CANCEL, [id, customer]);
        } catch {
          errors++;
        }
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return {
    pairsPerSecond: booked / wall,
    requestsPerSecond: latencies.length / wall,
    p50: pct(50),
    p99: pct(99),
    booked,
    errors,
  };
}

/** The PostgreSQL side: a pool like the app's. */
export async function openFloorPool(url: string, size = 20): Promise<{ query: Query; end(): Promise<void> }> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: size });
  return {
    async query(sql, params) {
      const result = await pool.query(sql, params);
      return { rows: result.rows, count: result.rowCount ?? 0 };
    },
    end: () => pool.end(),
  };
}
