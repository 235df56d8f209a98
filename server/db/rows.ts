/*
 * The rows a statement returns by construction: an insert of n values returns n rows, a lookup by
 * key one. Taken through these, a broken expectation fails where it happens, with what was
 * expected, instead of as "cannot read properties of undefined" further on.
 */

// A non-literal count (items.length) gives a plain array.
type Tuple<T, N extends number, R extends T[] = []> = number extends N
  ? T[]
  : R["length"] extends N
    ? R
    : Tuple<T, N, [T, ...R]>;

/** `rows` as a tuple of exactly `n` (a multi-row insert, to destructure); throws on another count. */
export function exactly<T, N extends number>(rows: readonly T[], n: N, what = "rows"): Tuple<T, N> {
  if (rows.length !== n) throw new Error(`expected ${n} ${what}, found ${rows.length}`);
  return rows as unknown as Tuple<T, N>;
}

/** The one element of `rows` (an insert of one row, a lookup by key); throws on none or several. */
export function only<T>(rows: readonly T[], what = "row"): T {
  const [row] = exactly(rows, 1, what);
  return row;
}

/** Each of `items` with the row an insert of them returned for it (in order; throws on another count). */
export function zipRows<A, R>(items: readonly A[], rows: readonly R[], what = "rows"): [A, R][] {
  exactly(rows, items.length, what);
  // The counts match, so every index of items has its row.
  return items.map((item, i) => [item, rows[i] as R]);
}

/**
 * `rows[index]`, which the caller's own data guarantees (fixed lists such as the demo's); throws if
 * absent.
 */
export function rowAt<T>(rows: readonly T[], index: number, what = "row"): T {
  const row = rows[index];
  if (row === undefined) throw new Error(`expected ${what} at ${index}, found ${rows.length} rows`);
  return row;
}
