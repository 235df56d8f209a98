/**
 * What one module lets another fill in at start-up, without importing it: "this happened" (a
 * seat freed, a payment completed, seats checked in) or "what do you know" (a settings check, a
 * waiver fact). The module that speaks owns the hook; the one that listens registers on it in its
 * routes plugin, so the modules keep their one-way imports (.dependency-cruiser.cjs,
 * docs/architecture.md section 3). One set per app, keyed by the app's database: several test
 * apps share these modules in one process, and a hook of one must never hear another's.
 */
export type AppKey = object;

/** One listener or provider per app: registering again replaces it. */
export function appHook<F>() {
  const byApp = new WeakMap<AppKey, F>();
  return {
    set(app: AppKey, hook: F): void {
      byApp.set(app, hook);
    },
    of(app: AppKey): F | undefined {
      return byApp.get(app);
    },
  };
}

/** Any number of listeners per app, called in the order they registered. */
export function appHookList<F>() {
  const byApp = new WeakMap<AppKey, F[]>();
  return {
    add(app: AppKey, hook: F): void {
      byApp.set(app, [...(byApp.get(app) ?? []), hook]);
    },
    of(app: AppKey): readonly F[] {
      return byApp.get(app) ?? [];
    },
  };
}
