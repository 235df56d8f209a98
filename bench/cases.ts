/**
 * The cases of `npm run bench` (a–h), against the app at any address: bench/run.ts runs them on
 * one instance started from source, bench/cluster.ts on one compiled instance and then on three
 * behind HAProxy. Each case is measured with CONNECTIONS connections for DURATION seconds (wrk for
 * the read cases when the machine has it, autocannon for the booking pairs: bench/wrk.ts), after
 * the previous case's backlog has drained.
 */
import http from "node:http";
import autocannon, { type Result } from "autocannon";
import {
  BENCH_EMAIL,
  BOOKERS,
  benchPgliteDir,
  bookableClassIds,
  bookerTokens,
  openBenchSql,
} from "./bench-data";
import { bookingFloor, type FloorResult, openFloorPool } from "./booking-floor";
import { readLoadGenerator, wrk } from "./wrk";

export const DURATION = Number(process.env.BENCH_DURATION ?? "10");
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? "100");
/**
 * Each read case first runs unmeasured for a second with the same requests:
 * a server answers a route for days, and a 5 s run that starts with the route cold bills its JIT
 * compilation to the route ((h) measured 15,000 req/s cold and 19,000–23,000 warm, same code).
 * (a) is warmed the same way, so the ratios compare steady states.
 */
const WARMUP = { connections: CONNECTIONS, duration: Number(process.env.BENCH_WARMUP ?? "1") };
// BENCH_CASES=b,c runs only those cases (plus (a), the reference) and prints without writing
// bench/RESULTS.md: for trying one change quickly. The recorded figures come from a full run.
export const ONLY = process.env.BENCH_CASES?.split(",").map((c) => c.trim().toLowerCase());
export const wanted = (letter: string) => !ONLY || ONLY.includes(letter);

/** An address on the app under test: `app("/api/health")`. */
export type AppUrl = (path: string) => string;
export const appAt =
  (base: string): AppUrl =>
  (path) =>
    `${base}${path}`;

/**
 * autocannon stops at the deadline but the server still owes the requests it had queued; wait
 * until it answers the health check quickly again so one case's backlog is not billed to the next.
 */
export async function settle(app: AppUrl, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    await fetch(app("/api/health")).catch(() => null);
    if (performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A session token; `origin` is the app's PUBLIC_URL (the sign-in refuses other origins). */
export async function signIn(
  app: AppUrl,
  email: string,
  password: string,
  origin = app(""),
): Promise<string> {
  const res = await fetch(app("/api/auth/sign-in/email"), {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers.get("set-auth-token");
  if (!res.ok || !token) throw new Error(`No se pudo entrar como ${email}: ${res.status}`);
  return token;
}

/** Ids and tokens written by bench:data (read before the app starts: PGlite has one owner). */
export async function loadFixtures() {
  const client = await openBenchSql();
  try {
    const tokenOf = async (email: string) =>
      (
        await client.query(
          `select s.token from session s join "user" u on u.id = s.user_id where u.email = $1`,
          [email],
        )
      ).rows[0]?.token as string;
    const bookers = await bookerTokens(client);
    const bookerIds = (
      await client.query(
        `select customer_id from customers where email like 'booker%@bench.mx' order by email limit ${BOOKERS}`,
      )
    ).rows.map((r) => r.customer_id as number);
    const classes = await bookableClassIds(client);
    const burst = (
      await client.query(`select single_class_id from single_classes where description = 'bench-burst'`)
    ).rows[0]?.single_class_id as number;
    const classType = (await client.query(`select min(class_type_id) id from videos`)).rows[0]?.id as number;
    const location = (
      await client.query(`select min(location_id) id from locations where name like 'Sede %'`)
    ).rows[0]?.id as number;
    if (bookers.length < BOOKERS || !burst || classes.length < 100) {
      throw new Error("Faltan los datos del bench: corre primero `npm run bench:data`.");
    }
    // Every run starts with the burst class's 20 seats free, and with no booker holding a seat:
    // (f) stops at its deadline between a booking and its cancellation, and a seat left from an
    // earlier run would answer a later booking of the same class 409.
    await client.query("delete from class_reservations where single_class_id = $1", [burst]);
    await client.query(
      "delete from class_reservations where customer_id = any($1::int[]) and deleted_at is null",
      [bookerIds],
    );
    // PGlite has one owner: its floor (f0) runs here, before the app opens the database.
    const floor =
      benchPgliteDir() && wanted("f")
        ? await bookingFloor(client.query, classes, bookerIds, CONNECTIONS, DURATION)
        : null;
    return {
      floor,
      bookerIds,
      bookers,
      classes,
      burst,
      classType,
      location,
      heavy: await tokenOf(BENCH_EMAIL.heavy),
      video: await tokenOf(BENCH_EMAIL.video),
    };
  } finally {
    await client.end();
  }
}

export type Row = {
  case: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** requests answered inside the run; 0 means every one took longer than BENCH_DURATION */
  completed?: number;
  alone?: number;
  ratio?: number;
  target: string;
  pass?: boolean;
  note?: string;
};

/**
 * What every browser sends with an API call. The app compresses answers over 1 KB, so without it
 * the bench would measure a client no customer uses (a week of ten locations is ~530 KB plain and
 * a few dozen KB compressed). (a) is a tiny constant JSON under the threshold either way.
 */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

/**
 * One measured run. A case that sends the same request again and again goes through wrk when the
 * machine has it (bench/wrk.ts); scripted requests (the booking pairs of (f)) through autocannon.
 */
export async function cannon(options: Record<string, unknown>): Promise<Result> {
  const headers = { ...BROWSER_HEADERS, ...((options.headers ?? {}) as Record<string, string>) };
  if (readLoadGenerator === "wrk" && !options.requests) {
    const warmup = options.warmup as { duration: number } | undefined;
    return wrk({
      url: options.url as string,
      connections: (options.connections as number | undefined) ?? CONNECTIONS,
      seconds: (options.duration as number | undefined) ?? DURATION,
      headers,
      warmup: warmup?.duration,
    });
  }
  return autocannon({ connections: CONNECTIONS, duration: DURATION, timeout: 10, ...options, headers });
}

/** Median of 5 sequential requests: what one request costs without queueing behind 99 others. */
export async function isolatedLatency(address: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    // fetch sends Accept-Encoding (gzip, deflate, br) by itself and decompresses, as a browser does.
    await (await fetch(address, { headers })).arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[2] ?? Number.NaN;
}

export function toRow(name: string, result: Result, target: string): Row {
  return {
    completed: result.requests.total,
    case: name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    target,
  };
}

/** (f) each connection is one customer that books a random class ahead and cancels it again. */
/**
 * The next booker an (f) connection signs in as. It carries on from one (f) run to the next, so
 * the 16-connection run (and another target's) never starts as a customer whose last booking the
 * previous run left standing at its deadline.
 */
let nextBooker = 0;

async function bookAndCancel(app: AppUrl, bookers: string[], classes: number[], connections = CONNECTIONS) {
  let booked = 0;
  let failedBookings = 0;
  const statuses = new Map<number, number>();
  const cancelStatuses = new Map<number, number>();
  const result = await cannon({
    url: app(""),
    connections,
    requests: [
      {
        method: "POST",
        path: "/api/class_reservations",
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          context.token ??= bookers[nextBooker++ % bookers.length];
          const classId = classes[Math.floor(Math.random() * classes.length)];
          return {
            ...req,
            headers: { authorization: `Bearer ${context.token}`, "content-type": "application/json" },
            body: JSON.stringify({ single_class_id: classId }),
          };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200) {
            booked++;
            context.reservation = JSON.parse(body).class_reservation.class_reservation_id;
          } else {
            failedBookings++;
            context.reservation = undefined;
          }
        },
      },
      {
        method: "DELETE",
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => ({
          ...req,
          // A failed booking still cancels something harmless (404) to keep the pair shape.
          path: `/api/class_reservations/${context.reservation ?? 2_000_000_000}`,
          headers: { authorization: `Bearer ${context.token}` },
        }),
        onResponse: (status: number) => {
          cancelStatuses.set(status, (cancelStatuses.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  const bookingsPerSecond = booked / result.duration;
  return { result, booked, failedBookings, bookingsPerSecond, statuses, cancelStatuses };
}

/**
 * (g) 500 customers at once for the last 20 seats of one class. Each request goes out on its own
 * keep-alive connection (500 sockets, as 500 browsers would open) through node:http. Not `fetch`:
 * on this machine the load generator shares the app's two cores, and undici's fetch spent 0.4 to
 * 1.4 ms of CPU per request in the generator (WHATWG streams, Response objects), about as much as
 * the app spent answering; node:http, half of that. A browser's CPU is not the server's, so the
 * lighter client measures the server's answer more faithfully.
 */
async function lastSeatsBurst(app: AppUrl, bookers: string[], classId: number) {
  const attempts = bookers.slice(0, 500);
  const target = new URL(app("/api/class_reservations"));
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const body = JSON.stringify({ single_class_id: classId });
  const post = (token: string) =>
    new Promise<number>((resolve) => {
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          agent,
          timeout: 30_000,
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", () => resolve(0));
        },
      );
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(0));
      request.end(body);
    });
  const started = performance.now();
  const answers = await Promise.all(
    attempts.map(async (token) => {
      const t0 = performance.now();
      const status = await post(token);
      return { status, ms: performance.now() - t0 };
    }),
  );
  agent.destroy();
  const wall = (performance.now() - started) / 1000;
  const ok = answers.filter((a) => a.status === 200);
  const others = answers.filter((a) => a.status !== 200);
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const slowestOther = Math.max(0, ...others.map((a) => a.ms));
  const slowest = sorted[sorted.length - 1] ?? 0;
  const codes = [...new Set(others.map((a) => a.status))].join(",");
  return {
    booked: ok.length,
    slowestOther,
    row: {
      case: "(g) últimos lugares: 500 a la vez por 20",
      rps: answers.length / wall,
      p50: pct(50),
      p99: pct(99),
      errors: others.filter((a) => a.status === 0 || a.status >= 500).length,
      target: "exactamente 20, las 500 respuestas < 500 ms (p100)",
      pass: ok.length === 20 && slowest < 500,
      note: `${ok.length} reservadas, p100 ${slowest.toFixed(0)} ms; resto (${codes || "—"}) máx. ${slowestOther.toFixed(0)} ms`,
    } satisfies Row,
  };
}

const codes = (m: Map<number, number>) => [...m].map(([s, k]) => `${s}×${k}`).join(", ") || "—";

function judge(rows: Row[]) {
  const bare = rows[0]?.rps ?? Number.NaN;
  for (const row of rows) row.ratio = row.rps / bare;
}

export function table(rows: Row[]): string {
  const head =
    "| caso | req/s | p50 ms | p99 ms | errores | vs (a) | 1 petición sola, ms | objetivo | resultado |";
  const ms = (r: Row, v: number) => (r.completed === 0 ? `> ${DURATION * 1000}` : v.toFixed(0));
  const lines = rows.map(
    (r) =>
      `| ${r.case} | ${r.rps.toFixed(0)} | ${ms(r, r.p50)} | ${ms(r, r.p99)} | ${r.errors} | ${((r.ratio ?? 0) * 100).toFixed(0)}% | ${r.alone?.toFixed(0) ?? "—"} | ${r.target} | ${r.pass === undefined ? "—" : r.pass ? "pasa" : "NO pasa"}${r.completed === 0 ? " (ninguna respuesta dentro del tiempo)" : ""}${r.note ? ` (${r.note})` : ""} |`,
  );
  return [head, "|---|---:|---:|---:|---:|---:|---:|---|---|", ...lines].join("\n");
}

export type Fixtures = Awaited<ReturnType<typeof loadFixtures>>;

/** One app under test: its address and a signed-in customer's token on it. */
export type Target = { app: AppUrl; customer: string };

/**
 * Every wanted case against each target, with (a) on the bare server at `bareUrl`, each row
 * judged against its goal; one list of rows per target. With several targets (bench/cluster.ts:
 * one instance, three behind the balancer) each case runs on all of them one right after the
 * other, so a change in the machine's load between two cases does not end up in their ratio.
 * `beforeBurst` runs before each (g) (to free the 20 seats again). (f0), the database alone,
 * runs once.
 */
/** The cases on each target in turn; `rows` has one list per target, in the targets' order. */
export async function runCases<const T extends readonly Target[]>({
  targets,
  bareUrl,
  fixtures,
  databaseUrl,
  beforeBurst,
}: {
  targets: T;
  bareUrl: string;
  fixtures: Fixtures;
  databaseUrl: string;
  beforeBurst?: () => Promise<void>;
}): Promise<{ rows: { -readonly [K in keyof T]: Row[] }; floor: FloorResult | null }> {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

  // A short warm-up so JIT and the connection pool are not measured.
  for (const { app } of targets)
    await autocannon({ url: app("/api/appconfig"), connections: 10, amount: 500 });

  // One lane per target: its rows, in case order, and what (f) left to judge.
  const lanes = targets.map((target) => ({
    target,
    rows: [] as Row[],
    failedBookings: 0,
    fRow: undefined as (Row & { pairs: number }) | undefined,
  }));
  const rows = lanes.map((lane) => lane.rows);
  const skipped = targets.map(() => ({ pass: undefined }) as unknown as Row);
  const run = async (
    name: string,
    options: (target: Target) => Record<string, unknown>,
    goal: string,
  ): Promise<Row[]> => {
    const letter = /^\((\w+)'?\)/.exec(name)?.[1] ?? "";
    if (letter !== "a" && !wanted(letter)) return skipped;
    process.stdout.write(`${name}…\n`);
    const measured: Row[] = [];
    for (const { target, rows } of lanes) {
      const opts = options(target);
      await settle(target.app);
      const alone = await isolatedLatency(opts.url as string, (opts.headers ?? {}) as Record<string, string>);
      await settle(target.app);
      const row = { ...toRow(name, await cannon({ ...opts, warmup: WARMUP }), goal), alone };
      rows.push(row);
      measured.push(row);
    }
    return measured;
  };
  await run("(a) Fastify sin nada (límite)", () => ({ url: bareUrl }), "referencia");
  const b = await run(
    "(b) GET /api/appconfig",
    ({ app }) => ({ url: app("/api/appconfig") }),
    "≥ 60% de (a)",
  );
  const c = await run(
    "(c) GET /api/single_class semana, con sesión",
    ({ app, customer }) => ({
      url: app(`/api/single_class?start_date=${day(0)}&end_date=${day(6)}`),
      headers: auth(customer),
    }),
    "≥ 30% de (a), p99 < 50 ms",
  );
  // A studio with ten locations: the week of all of them is ~700 classes (~530 KB of JSON); a
  // customer usually looks at one location's week, which is what this row shows.
  await run(
    "(c') GET /api/single_class semana de una sede, con sesión",
    ({ app, customer }) => ({
      url: app(`/api/single_class?start_date=${day(0)}&end_date=${day(6)}&location=${fixtures.location}`),
      headers: auth(customer),
    }),
    "— (referencia de (c))",
  );
  const d = await run(
    "(d) GET /api/class_reservations pág. 1 (500 reservas)",
    ({ app }) => ({ url: app("/api/class_reservations?page=1"), headers: auth(fixtures.heavy) }),
    "≥ 25% de (a), p99 < 50 ms",
  );
  const e = await run(
    "(e) GET /api/videos con filtros",
    ({ app }) => ({
      url: app(`/api/videos?class_type_id=${fixtures.classType}&duration=60&page=1`),
      headers: auth(fixtures.video),
    }),
    "≥ 25% de (a), p99 < 50 ms",
  );
  // The cheapest route behind requireUser: the session lookup, the floor of every signed-in read.
  const h = await run(
    "(h) GET /api/class_reservations/calendar-feed (ruta mínima con sesión)",
    ({ app }) => ({ url: app("/api/class_reservations/calendar-feed"), headers: auth(fixtures.video) }),
    "≥ 50% de (a)",
  );
  let floor: FloorResult | null = fixtures.floor;
  if (wanted("f")) {
    if (!floor) {
      // PostgreSQL: the floor runs from this process right before (f), on a pool like the app's.
      process.stdout.write("(f0) límite de una reservación…\n");
      const [first] = targets;
      if (first) await settle(first.app);
      const pool = await openFloorPool(databaseUrl);
      try {
        floor = await bookingFloor(pool.query, fixtures.classes, fixtures.bookerIds, CONNECTIONS, DURATION);
      } finally {
        await pool.end();
      }
    }
    const floorRow: Row = {
      case: `(f0) límite: reservar + cancelar en SQL (1 sentencia cada uno), ${CONNECTIONS} clientes`,
      rps: floor.requestsPerSecond,
      p50: floor.p50,
      p99: floor.p99,
      errors: floor.errors,
      target: "referencia de (f)",
      note: `${floor.pairsPerSecond.toFixed(0)} pares/s`,
    };
    for (const list of rows) list.push({ ...floorRow });
    process.stdout.write("(f) reservar + cancelar…\n");
    for (const lane of lanes) {
      const { app } = lane.target;
      await settle(app);
      const f = await bookAndCancel(app, fixtures.bookers, fixtures.classes);
      lane.failedBookings += f.failedBookings;
      const fRow = {
        ...toRow(
          `(f) POST + DELETE /api/class_reservations, ${CONNECTIONS} conexiones`,
          f.result,
          "≥ 50% de los pares/s de (f0)",
        ),
        pairs: f.bookingsPerSecond,
        note: `${f.bookingsPerSecond.toFixed(0)} pares/s = ${((100 * f.bookingsPerSecond) / floor.pairsPerSecond).toFixed(0)}% de (f0); POST ${codes(f.statuses)}, DELETE ${codes(f.cancelStatuses)}`,
      };
      lane.rows.push(fRow);
      lane.fRow = fRow;
    }
    for (const lane of lanes) {
      const { app } = lane.target;
      await settle(app);
      const f16 = await bookAndCancel(app, fixtures.bookers, fixtures.classes, 16);
      lane.failedBookings += f16.failedBookings;
      const f16Row: Row = {
        ...toRow("(f) POST + DELETE /api/class_reservations, 16 conexiones", f16.result, "p99 < 100 ms"),
        note: `${f16.bookingsPerSecond.toFixed(0)} pares/s; POST ${codes(f16.statuses)}, DELETE ${codes(f16.cancelStatuses)}`,
      };
      f16Row.pass = f16Row.p99 < 100 && f16.failedBookings === 0;
      lane.rows.push(f16Row);
    }
  }
  if (wanted("g")) {
    process.stdout.write("(g) últimos lugares…\n");
    for (const lane of lanes) {
      await beforeBurst?.();
      await settle(lane.target.app);
      const g = await lastSeatsBurst(lane.target.app, fixtures.bookers, fixtures.burst);
      lane.rows.push(g.row);
    }
  }

  for (const list of rows) judge(list);
  // A case's rows, one per target (a skipped case's placeholders are judged too, and shown nowhere).
  const passWhen = (caseRows: Row[], ok: (row: Row) => boolean) => {
    for (const row of caseRows) row.pass = ok(row);
  };
  passWhen(b, (r) => (r.ratio ?? 0) >= 0.6 && r.errors === 0);
  passWhen(c, (r) => (r.ratio ?? 0) >= 0.3 && r.p99 < 50 && r.errors === 0);
  passWhen([...d, ...e], (r) => (r.ratio ?? 0) >= 0.25 && r.p99 < 50 && r.errors === 0);
  passWhen(h, (r) => (r.ratio ?? 0) >= 0.5 && r.errors === 0);
  for (const { fRow, failedBookings } of lanes) {
    if (fRow && floor) fRow.pass = fRow.pairs >= 0.5 * floor.pairsPerSecond && failedBookings === 0;
  }
  // lanes came from targets.map: one list per target, in order, which TypeScript can't follow.
  return { rows: rows as { -readonly [K in keyof T]: Row[] }, floor };
}
