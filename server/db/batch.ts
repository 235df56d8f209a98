/**
 * Reads that arrive together go to the database together (decision 0041). When a class opens and
 * hundreds of customers book in the same instant, each request used to send its own small read
 * (its session, the class's seats): 500 requests put 1,000 statements in front of the pool's 20
 * connections, and the 20 bookings that win a seat waited behind all of them at every step.
 *
 * `BatchedRead` collects the keys asked for and reads them with one statement, started after the
 * last of them arrived: an answer is never older than the request that asked for it. A batch is
 * sent at the end of the event loop's turn when no read of this kind is running; while one runs,
 * keys wait for it to end and go together in the next (a burst's requests arrive over many short
 * turns, so batching by turn alone still sent one read per few requests). A lone request waits
 * only for the end of the current turn (microseconds). Keys are de-duplicated; a failed read
 * rejects every caller of its batch.
 */
export class BatchedRead<K, V> {
  private pending: Map<K, Caller<V>[]> | null = null;
  private flushScheduled = false;
  private running = 0;

  /**
   * `readMany` answers the values it found, by key; a key it leaves out answers `undefined`.
   * `maxKeys` bounds one statement's parameter list; `maxRunning` how many reads of this kind
   * run at once (more keys wait for one to end).
   */
  constructor(
    private readonly readMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxKeys = 500,
    private readonly maxRunning = 2,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.pending) this.pending = new Map();
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.running >= this.maxRunning) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const batch = this.pending;
    if (!batch || this.running >= this.maxRunning) return;
    const keys = [...batch.keys()].slice(0, this.maxKeys);
    const callers = keys.map((key) => batch.get(key) ?? []);
    for (const key of keys) batch.delete(key);
    if (batch.size === 0) this.pending = null;
    this.running++;
    this.readMany(keys)
      .then(
        (found) => {
          keys.forEach((key, i) => {
            for (const caller of callers[i] ?? []) caller.resolve(found.get(key));
          });
        },
        (error: unknown) => {
          for (const caller of callers.flat()) caller.reject(error);
        },
      )
      .finally(() => {
        this.running--;
        if (this.pending) this.scheduleFlush();
      });
    if (this.pending) this.scheduleFlush();
  }
}

type Caller<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/** One `BatchedRead` per database handle (an app, a test's database), made on first use. */
export function batchedPerDatabase<D extends object, K, V>(
  make: (db: D) => BatchedRead<K, V>,
): (db: D) => BatchedRead<K, V> {
  const byDatabase = new WeakMap<D, BatchedRead<K, V>>();
  return (db) => {
    let batcher = byDatabase.get(db);
    if (!batcher) {
      batcher = make(db);
      byDatabase.set(db, batcher);
    }
    return batcher;
  };
}
