/**
 * Reads that arrive together go to the database together (decision 0041). When a class opens and
 * hundreds of customers book in the same instant, each request used to send its own small read
 * (its session, the class's seats): 500 requests put 1,000 statements in front of the pool's 20
 * connections, and the 20 bookings that win a seat waited behind all of them at every step.
 *
 * `BatchedRead` collects the keys asked for during one turn of the event loop (every request the
 * server parsed from the sockets in that turn) and reads them with one statement, started after
 * the last of them arrived: an answer is never older than the request that asked for it. A lone
 * request waits only for the end of the current turn (microseconds). Keys are de-duplicated; a
 * failed read rejects every caller of its batch.
 */
export class BatchedRead<K, V> {
  private pending: Map<
    K,
    Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>
  > | null = null;

  /**
   * `readMany` answers the values it found, by key; a key it leaves out answers `undefined`.
   * `maxKeys` bounds one statement's parameter list; more keys in one turn make several batches.
   */
  constructor(
    private readonly readMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxKeys = 500,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map();
        setImmediate(() => this.flush());
      }
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = null;
    if (!batch) return;
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += this.maxKeys) {
      const slice = keys.slice(start, start + this.maxKeys);
      this.readMany(slice).then(
        (found) => {
          for (const key of slice) for (const caller of batch.get(key) ?? []) caller.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const key of slice) for (const caller of batch.get(key) ?? []) caller.reject(error);
        },
      );
    }
  }
}

/** One `BatchedRead` per database handle (an app, a test's database), made on first use. */
export function batchedPerDatabase<K, V>(
  make: (db: object) => BatchedRead<K, V>,
): (db: object) => BatchedRead<K, V> {
  const byDatabase = new WeakMap<object, BatchedRead<K, V>>();
  return (db) => {
    let batcher = byDatabase.get(db);
    if (!batcher) {
      batcher = make(db);
      byDatabase.set(db, batcher);
    }
    return batcher;
  };
}
