import { setImmediate } from "node:timers";
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";

/**
 * The types whose text Drizzle wants unparsed (its PGlite driver passes these parsers with every
 * query): timestamp, timestamptz, interval, date, and the arrays numeric[], timestamp[],
 * timestamptz[], interval[], date[]. Drizzle turns the text into its own values.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/** A query's options and parsers, as PGlite's query and exec take them. */
type Options = QueryOptions | undefined;
type Queryable = Pick<PGlite, "query" | "exec">;

/**
 * PGlite as Drizzle should see it, without a per-query cost: PGlite merges the parsers a query
 * passes into a copy of all its own (some 320, one per type and array type) on every query, about
 * 80 µs, and Drizzle passes its nine on every query: a third of a small query's time on the
 * embedded database, every statement of every request (decision 0042). So the nine are set once on
 * the instance and the copy Drizzle uses drops them from each query: the same parsers apply,
 * without the merge.
 *
 * The instance's own callers that want PGlite's default values for those types (pg-boss, which
 * works with Date objects) pass `nativeParsers` with their query.
 */
export function drizzleView(pglite: PGlite): { client: PGlite; nativeParsers: QueryOptions["parsers"] } {
  // A second view of the same instance (the API suites hand one embedded database to the next
  // test file, decision 0143) must get the instance's own parsers, not the replaced ones.
  let nativeParsers = nativeParsersOf.get(pglite.parsers);
  if (!nativeParsers) {
    nativeParsers = {};
    for (const oid of DRIZZLE_TEXT_TYPES) {
      const parser = pglite.parsers[oid];
      if (parser) nativeParsers[oid] = parser;
    }
    nativeParsersOf.set(pglite.parsers, nativeParsers);
  }
  for (const oid of DRIZZLE_TEXT_TYPES) pglite.parsers[oid] = asText;
  return {
    client: withoutQueryParsers(pglite, { pglite, topLevel: true, turn: takeTurns() }),
    nativeParsers,
  };
}

/** An instance's parsers (its `parsers` object) → its own parsers of DRIZZLE_TEXT_TYPES. */
const nativeParsersOf = new WeakMap<object, NonNullable<QueryOptions["parsers"]>>();

type Turns = <R>(run: () => Promise<R>) => Promise<R>;

/**
 * How long statements may run back to back before the event loop reads the network again. Not
 * after every statement: running a few together keeps PGlite's code and data in the CPU's
 * caches, and yielding after each cost ~13 % of Mis Reservaciones' throughput (measured).
 */
const TURN_SLICE_MS = 5;

/**
 * PGlite runs each statement synchronously on the app's one thread, and hands its lock from one
 * waiting statement to the next by resolving a promise: with many requests queued, the whole
 * queue ran in one go without returning to the event loop. New connections and new requests were
 * not read meanwhile, so under load a customer who had just connected could wait for several
 * rounds of those who were already being served: at 100 connections, Mis Reservaciones answered
 * the first request of some connections after 1 to 6 s while the median was 0.15 s (decision 0044).
 *
 * So statements outside a transaction take turns, one at a time (PGlite runs one at a time
 * anyway), and once they have run for TURN_SLICE_MS the next waits for the event loop to pass
 * through its I/O phase (setImmediate): a request that arrives while others wait is read within
 * a few milliseconds and queued behind them, in arrival order.
 * Statements inside a transaction run on the transaction, which already holds PGlite. (setImmediate
 * comes from node:timers, so a test that fakes the global timers does not stop the database.)
 */
function takeTurns(): Turns {
  let last: Promise<unknown> = Promise.resolve();
  let sliceStarted = performance.now();
  const yieldWhenDue = async () => {
    if (performance.now() - sliceStarted < TURN_SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  };
  return (run) => {
    const turn = last.then(yieldWhenDue).then(run);
    last = turn.catch(() => undefined);
    return turn;
  };
}

function withoutParsers(options: Options): Options {
  if (!options?.parsers) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

/**
 * Where a query object runs: the PGlite instance its named statements live on, whether it is the
 * instance itself (outside any transaction: PGlite's transaction lock is taken too) or one of its
 * transactions, and how its statements wait for their turn (takeTurns on the instance; at once in
 * a transaction, which already holds PGlite).
 */
type Runner = { pglite: PGlite; topLevel: boolean; turn: Turns };

const atOnce: Turns = (run) => run();

/**
 * The same object with `query` and `exec` dropping the per-query parsers and waiting for their
 * turn, registered statements running by name (runNamed), and `transaction` handing its callback
 * a transaction that does the same. Everything else is PGlite's own, called on PGlite itself (its
 * private fields need the real `this`).
 */
function withoutQueryParsers<T extends Queryable & object>(target: T, runner: Runner): T {
  const { pglite, topLevel, turn } = runner;
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, property) {
      const known = bound.get(property);
      if (known) return known;
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      let own: unknown;
      if (property === "query") {
        own = (query: string, params?: unknown[], options?: Options) =>
          turn(() => {
            const name = namedStatements.get(query);
            return name
              ? runNamed(pglite, topLevel, name, query, params ?? [], withoutParsers(options))
              : object.query(query, params, withoutParsers(options));
          });
      } else if (property === "exec") {
        own = (query: string, options?: Options) => turn(() => object.exec(query, withoutParsers(options)));
      } else if (property === "transaction") {
        own = <R>(callback: (tx: Transaction) => Promise<R>) =>
          (object as unknown as PGlite).transaction((tx) =>
            callback(withoutQueryParsers(tx, { pglite, topLevel: false, turn: atOnce })),
          );
      } else {
        own = value.bind(object);
      }
      bound.set(property, own);
      return own;
    },
  });
}

/**
 * SQL texts the app runs again and again (its prepared statements, db/prepared-statement.ts),
 * with the name each is prepared under. On PostgreSQL node-postgres prepares them by name; on
 * PGlite Drizzle sends every statement unnamed, so PGlite parsed and planned it on every call:
 * in WASM that was 40 % of a Mis Reservaciones page (2.6 ms with the plan, 1.5 ms without).
 */
const namedStatements = new Map<string, string>();

/** Marks a statement's SQL as prepared under `name` (unique in the app) on PGlite. */
export function registerNamedStatement(sql: string, name: string): void {
  namedStatements.set(sql, name);
}

/** Per PGlite instance: the statements already prepared there, with their parameter types. */
const preparedOn = new WeakMap<PGlite, Map<string, number[]>>();

const { serialize } = protocol;

/**
 * One call of a named statement through PGlite's wire protocol, as PGlite's own `query` does
 * with an unnamed one (parse, describe, bind, describe, execute, sync) except that Parse and the
 * statement's description are sent only the first time on this instance: then Bind, Describe,
 * Execute and Sync in one message. Runs under PGlite's locks like `query` (its transaction lock
 * too when outside a transaction). Values are serialised with PGlite's serializers by parameter
 * type and the rows read by PGlite's own parser, so the answer is the one `query` gives.
 */
async function runNamed(
  pglite: PGlite,
  topLevel: boolean,
  name: string,
  text: string,
  params: unknown[],
  options: Options,
): Promise<Results> {
  const work = () =>
    pglite._runExclusiveQuery(async () => {
      let known = preparedOn.get(pglite);
      if (!known) {
        known = new Map();
        preparedOn.set(pglite, known);
      }
      const messages = [];
      try {
        let types = known.get(name);
        if (!types) {
          const described = await pglite.execProtocolStream(
            Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name })]),
            { syncToFs: false },
          );
          types = parse.parseDescribeStatementResults(described);
          known.set(name, types);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[types[i]!] ?? pglite.serializers[types[i]!];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(
          ...(await pglite.execProtocolStream(
            Buffer.concat([
              serialize.bind({ statement: name, values: values as string[] }),
              serialize.describe({ type: "P" }),
              serialize.execute({}),
            ]),
            { syncToFs: false },
          )),
        );
      } finally {
        messages.push(...(await pglite.execProtocolStream(serialize.sync(), { syncToFs: false })));
      }
      if (topLevel) await pglite.syncToFs();
      return parse.parseResults(messages, pglite.parsers, options)[0]!;
    });
  return topLevel ? pglite._runExclusiveTransaction(work) : work();
}
