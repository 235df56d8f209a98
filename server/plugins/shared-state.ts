import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import { DISTINCT_IDENTITIES_WINDOW_MS } from "../auth/guessing-limit";
import { forgetAllCachedReads } from "../db/cached-read";
import { INVALIDATION_CHANNEL, sweepSharedCounters } from "./rate-limit-store";

/** Writes within this window share one notification (a burst of bookings sends a few, not hundreds). */
export const BROADCAST_COALESCE_MS = 20;
/** After the listening connection drops, the next try; caches also fall back to their own TTL meanwhile. */
export const RECONNECT_MS = 1_000;
const SWEEP_MS = 5 * 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /** Cross-instance cache invalidation (SHARED_STATE=postgres); a no-op with one instance. */
    sharedState: {
      readonly kind: "memory" | "postgres";
      /** True while this instance hears the other instances' writes. */
      readonly listening: boolean;
      /** Tells the other instances to drop their caches (done after every successful API write). */
      broadcast(): void;
      /** Notifications received from other instances (tests and metrics). */
      readonly received: number;
    };
  }
}

/**
 * Read caches across instances (docs/decisions/0025-shared-state-across-instances.md). Every
 * instance keeps the hot reads in memory (app config 5 s, verified sessions 5 s, the schedule 1 s,
 * definitions through cachedRead). With SHARED_STATE=postgres, a successful write through any
 * instance sends NOTIFY on the app's database, and every other instance LISTENing drops all
 * those caches when it arrives (a few milliseconds): an app-config change, a sign-out or a
 * booking is seen everywhere well within a second. While an instance's listening connection is
 * down, it reconnects every RECONNECT_MS and drops its caches on reconnecting; meanwhile the
 * caches' own TTLs (at most 5 s) bound what it may serve.
 */
export default fp(async function sharedStatePlugin(app: FastifyInstance) {
  const pool = app.config.SHARED_STATE === "postgres" ? app.database.pool : undefined;
  const databaseUrl = app.config.DATABASE_URL;
  const instance = randomUUID();
  let listener: pg.Client | null = null;
  let listening = false;
  let received = 0;
  let closing = false;
  let pending: NodeJS.Timeout | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  let sweep: NodeJS.Timeout | null = null;

  function forgetEverything() {
    app.readCache.clear();
    app.viewerCache.clear();
    app.forgetSessions();
    app.appConfig.forget();
    forgetAllCachedReads();
  }

  function send() {
    pending = null;
    if (!pool) return;
    pool
      .query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, instance])
      .catch((error) => app.log.warn({ err: error }, "shared-state: could not notify the other instances"));
  }

  const state = {
    get kind() {
      return pool ? ("postgres" as const) : ("memory" as const);
    },
    get listening() {
      return listening;
    },
    get received() {
      return received;
    },
    broadcast() {
      if (!pool || closing || pending) return;
      pending = setTimeout(send, BROADCAST_COALESCE_MS);
    },
  };
  app.decorate("sharedState", state);
  if (!pool || !databaseUrl) return;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      listening = false;
      client.end().catch(() => {});
      if (!closing) {
        app.log.warn("shared-state: lost the notification channel, reconnecting");
        reconnect = setTimeout(() => void listen().catch(lost), RECONNECT_MS);
      }
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      if (message.channel !== INVALIDATION_CHANNEL || message.payload === instance) return;
      received++;
      forgetEverything();
    });
    listener = client;
    await client.connect();
    await client.query(`listen ${INVALIDATION_CHANNEL}`);
    listening = true;
    // Writes made while this instance was not listening are not announced again.
    forgetEverything();
  }

  // A callback hook: it runs on every answer of the app.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) state.broadcast();
    done(null, payload);
  });

  app.addHook("onReady", async () => {
    await listen();
    sweep = setInterval(() => {
      sweepSharedCounters(pool, DISTINCT_IDENTITIES_WINDOW_MS).catch((error) =>
        app.log.warn({ err: error }, "shared-state: could not sweep old counters"),
      );
    }, SWEEP_MS);
    sweep.unref();
  });

  app.addHook("onClose", async () => {
    closing = true;
    if (reconnect) clearTimeout(reconnect);
    if (sweep) clearInterval(sweep);
    if (pending) {
      clearTimeout(pending);
      pending = null;
      await pool.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, instance]).catch(() => {});
    }
    const client = listener;
    listener = null;
    listening = false;
    if (client) await client.end().catch(() => {});
  });
});
