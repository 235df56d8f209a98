import { AsyncLocalStorage } from "node:async_hooks";

/*
 * On Node 20 an AsyncLocalStorage works through a promise hook, and its first `run()` turns that
 * hook on for the whole process until the storage is disabled again: from then on every promise
 * of every request pays for it, whether or not it needs the storage. better-auth keeps its
 * per-call state in three storages and never disables them, so one sign-in made every later
 * answer about a third dearer: appconfig went from 32,700 to 21,400 answers a second on the bench
 * machine (decision 0046). The storages below switch the hook off again as soon as none of them
 * is inside a `run()`, and `run()` switches it back on.
 */

/** `run()` calls of scoped storages not finished yet, all storages together. */
let runsInFlight = 0;
const scopedStorages = new Set<ScopedAsyncLocalStorage<unknown>>();

function finishRun() {
  runsInFlight--;
  // Nothing reads a store outside a run: with none in flight, no promise needs the hook.
  if (runsInFlight === 0) for (const storage of scopedStorages) storage.disable();
}

/** An AsyncLocalStorage that costs nothing while none of its kind is running. */
export class ScopedAsyncLocalStorage<T> extends AsyncLocalStorage<T> {
  constructor() {
    super();
    scopedStorages.add(this as ScopedAsyncLocalStorage<unknown>);
  }

  override run<R, TArgs extends unknown[]>(store: T, callback: (...args: TArgs) => R, ...args: TArgs): R {
    runsInFlight++;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (error) {
      finishRun();
      throw error;
    }
    if (result instanceof Promise) return result.finally(finishRun) as R;
    finishRun();
    return result;
  }
}

/** For tests: runs not finished, and whether any scoped storage still has the hook on. */
export function scopedStorageState() {
  return {
    runsInFlight,
    // `enabled` is Node 20's own flag on the storage (public, not in the typings).
    anyEnabled: [...scopedStorages].some((storage) => (storage as unknown as { enabled?: boolean }).enabled),
  };
}

/**
 * better-auth's storages live on a process-wide object (`Symbol.for("better-auth:global")`) and
 * are created on first use with `??=`; filling the slots first makes better-auth use ours. The
 * object exists once an auth instance has built its context (`await auth.$context`).
 */
const BETTER_AUTH_STORAGE_SLOTS = [
  "endpointContextAsyncStorage",
  "requestStateAsyncStorage",
  "adapterAsyncStorage",
] as const;

export function scopeBetterAuthStorages() {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for("better-auth:global")
  ];
  if (!global?.context) throw new Error("better-auth no creó su contexto global: revisa su versión.");
  for (const slot of BETTER_AUTH_STORAGE_SLOTS) {
    const current = global.context[slot];
    if (current instanceof ScopedAsyncLocalStorage) continue;
    if (current instanceof AsyncLocalStorage) current.disable();
    global.context[slot] = new ScopedAsyncLocalStorage();
  }
}

/** The scoped storage in a better-auth slot, for the test that checks they are in place. */
export function betterAuthStorage(slot: (typeof BETTER_AUTH_STORAGE_SLOTS)[number]): unknown {
  return (globalThis as Record<symbol, { context: Record<string, unknown> }>)[
    Symbol.for("better-auth:global")
  ]?.context[slot];
}
