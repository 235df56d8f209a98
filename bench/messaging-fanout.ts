/**
 * The nightly reminder fan-out at scale (docs/product-rules.md#messaging-scale, decisions 0089
 * and 0121), not run in CI: `npx tsx bench/messaging-fanout.ts` on PostgreSQL. FANOUT_CUSTOMERS
 * customers (5,000 by default) with WhatsApp consent and a class tomorrow each; queueReminders
 * queues the reminders and the real pg-boss workers of the same app process send them to the
 * Twilio double, which answers 429 to two requests every 5 s (the workers back off). Meanwhile
 * autocannon, in its own process, measures a public GET (/api/single_class, a week) on the same
 * app; the same GET is measured with nothing else running. Three runs each, medians.
 * FANOUT_JOBS_APART=1 runs the workers and the double in a jobs instance of their own
 * (bench/fanout-worker.ts) and the measured instance only queues (JOBS_WORK=0, decision 0126).
 * FANOUT_JOBS_NICE=19 (with FANOUT_JOBS_APART=1) gives that jobs instance the lowest CPU priority,
 * as docs/deploy.md suggests for a jobs instance on the same machine as the API.
 */
import "./production-env";
import { spawn } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { localDay } from "../domain/booking";
import { queueReminders } from "../server/modules/messaging/message-events";
import { startTwilioFake } from "../test/doubles/messaging/twilio-fake";
import { FANOUT_TWILIO_SID, startFanoutApp } from "./fanout-app";
import { writeSection } from "./results-file";

const CUSTOMERS = Number(process.env.FANOUT_CUSTOMERS ?? "5000");
const RUNS = Number(process.env.FANOUT_RUNS ?? "3");
const SECONDS = Number(process.env.FANOUT_SECONDS ?? "10");
const CONNECTIONS = Number(process.env.FANOUT_CONNECTIONS ?? "20");
/** The double answers 429 to this many requests every RATE_LIMIT_EVERY_MS (Twilio's per-sender pacing). */
const RATE_LIMITED = 2;
const RATE_LIMIT_EVERY_MS = 5000;
const SERVER = process.env.FANOUT_PG ?? "postgres://postgres@127.0.0.1:5432";
const DB = "bench_fanout";
/** The jobs in an instance of their own (decision 0126) instead of the measured one. */
const APART = process.env.FANOUT_JOBS_APART === "1";
/** The jobs instance's niceness (0 = as the API's; 19 = only what the API leaves). */
const JOBS_NICE = Number(process.env.FANOUT_JOBS_NICE ?? "0");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** autocannon's CLI in its own process, so the load generator does not share the app's event loop. */
function autocannon(url: string): Promise<{ p99: number; p50: number; rps: number; non2xx: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["node_modules/autocannon/autocannon.js", "-j", "-c", String(CONNECTIONS), "-d", String(SECONDS), url],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("exit", () => {
      try {
        const r = JSON.parse(out);
        resolve({
          p99: r.latency.p99,
          p50: r.latency.p50,
          rps: r.requests.average,
          non2xx: r.non2xx + r.errors,
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function main() {
  const load = os.loadavg();
  await onServer(`drop database if exists ${DB} with (force)`);
  await onServer(`create database ${DB}`);
  const databaseUrl = `${SERVER}/${DB}`;
  const jobsInstance = APART ? await startJobsInstance(databaseUrl) : null;
  const fake = jobsInstance ? null : await startTwilioFake(FANOUT_TWILIO_SID);
  const app = await startFanoutApp(
    databaseUrl,
    jobsInstance?.twilioUrl ?? fake!.url,
    jobsInstance ? "queue" : "all",
  );
  console.log("app started");
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  // The studio keeps no quiet hours (docs/product-rules.md#messaging-quiet-hours): run at night,
  // the reminders would wait until 08:00 in its zone and the bench would measure nothing.
  await app.appConfig.update([
    { key: "quiet_hours_start", value: 0 },
    { key: "quiet_hours_end", value: 0 },
  ]);

  // The data: one location and class type, a class tomorrow per 100 customers, everyone booked
  // and consenting to transactional WhatsApp (a distinct Mexican mobile each).
  const sql = new pg.Pool({ connectionString: `${SERVER}/${DB}`, max: 2 });
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  await sql.query("insert into locations (name) values ('Roma')");
  await sql.query("insert into class_types (name) values ('Cycling')");
  await sql.query(
    `insert into single_classes (class_date, capacity, class_type_id, location_id, description)
     select $1::timestamptz + (g * interval '1 minute'), 100, (select min(class_type_id) from class_types),
            (select min(location_id) from locations), 'Clase'
     from generate_series(1, $2::int) g`,
    [tomorrow, Math.ceil(CUSTOMERS / 100)],
  );
  await sql.query(
    `insert into customers (name, last_name, email, phone)
     select 'Cliente', 'Bench', 'c' || g || '@bench.mx', (5530000000 + g)::text from generate_series(1, $1::int) g`,
    [CUSTOMERS],
  );
  await sql.query(
    `insert into message_consents (customer_id, purpose, channel, granted, text_shown, source)
     select customer_id, 'transactional', 'whatsapp', true, 'Acepto avisos por WhatsApp', 'signup' from customers`,
  );
  await sql.query(
    `insert into class_reservations (single_class_id, customer_id, class_date)
     select s.single_class_id, c.customer_id, s.class_date
     from customers c join single_classes s
       on s.single_class_id = (select min(single_class_id) from single_classes) + (c.customer_id - (select min(customer_id) from customers)) / 100`,
  );
  const reservations = (
    await sql.query<{ id: number }>("select class_reservation_id as id from class_reservations order by 1")
  ).rows.map((r) => r.id);
  if (reservations.length !== CUSTOMERS) throw new Error(`${reservations.length} reservas`);

  const day = localDay(new Date(), "America/Mexico_City");
  const end = localDay(new Date(Date.now() + 6 * 24 * 3_600_000), "America/Mexico_City");
  const target = `${base}/api/single_class?start_date=${day}&end_date=${end}`;
  const probe = await fetch(target);
  if (!probe.ok) throw new Error(`${target}: ${probe.status}`);
  console.log(`seeded ${CUSTOMERS}; warming up`);
  await autocannon(target); // warm-up, not counted

  const sentCount = async () =>
    Number(
      (
        await sql.query<{ n: string }>(
          "select count(*) as n from messages where template = 'class_reminder' and status = 'sent'",
        )
      ).rows[0]?.n,
    );

  const idle: Awaited<ReturnType<typeof autocannon>>[] = [];
  const busy: (Awaited<ReturnType<typeof autocannon>> & {
    sentPerSecond: number;
    seconds: number;
    rateLimited: number;
    sentDuringLoad: number;
  })[] = [];
  for (let run = 0; run < RUNS; run++) {
    idle.push(await autocannon(target));
    await sql.query("delete from messages where template = 'class_reminder'");
    let rateLimited = 0;
    const limitedBefore = (await jobsInstance?.rateLimited()) ?? 0;
    const limiter = setInterval(() => {
      if (!fake) return;
      rateLimited += RATE_LIMITED - fake.state.rateLimitNext;
      fake.state.rateLimitNext = RATE_LIMITED;
    }, RATE_LIMIT_EVERY_MS);
    const started = performance.now();
    const queued = queueReminders(app, reservations, "");
    // Measured once the workers are sending (pg-boss picks the first batch up on its next poll).
    while ((await sentCount()) === 0 && performance.now() - started < 60_000) await sleep(100);
    const measured = await autocannon(target);
    const sentDuringLoad = await sentCount();
    console.log(`measured; ${sentDuringLoad} sent so far`);
    await queued;
    while ((await sentCount()) < CUSTOMERS && performance.now() - started < 600_000) {
      await sleep(1000);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(limiter);
    if (fake) {
      rateLimited += RATE_LIMITED - fake.state.rateLimitNext;
      fake.state.rateLimitNext = 0;
    } else rateLimited = ((await jobsInstance?.rateLimited()) ?? 0) - limitedBefore;
    const sent = await sentCount();
    busy.push({ ...measured, sentPerSecond: sent / seconds, seconds, rateLimited, sentDuringLoad });
    console.log(
      `run ${run + 1}: idle p99 ${idle[run]!.p99} ms; with fan-out p99 ${measured.p99} ms; ${sent}/${CUSTOMERS} sent in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s), ${rateLimited} answered 429, ${sentDuringLoad} sent while measured`,
    );
  }

  const p99Idle = median(idle.map((r) => r.p99));
  const p99Busy = median(busy.map((r) => r.p99));
  const rate = median(busy.map((r) => r.sentPerSecond));
  const ratio = p99Busy / p99Idle;
  const rows = idle.map(
    (r, i) =>
      `| ${i + 1} | ${r.p99} | ${r.rps.toFixed(0)} | ${busy[i]!.p99} | ${busy[i]!.rps.toFixed(0)} | ${busy[i]!.sentDuringLoad} | ${busy[i]!.seconds.toFixed(1)} | ${busy[i]!.sentPerSecond.toFixed(0)} | ${busy[i]!.rateLimited} | ${r.non2xx + busy[i]!.non2xx} |`,
  );
  const body = [
    `### Messaging fan-out (decisions 0089, 0121), \`npx tsx bench/messaging-fanout.ts\`, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `- ${CUSTOMERS} customers with WhatsApp consent and a class tomorrow each, PostgreSQL on loopback (${SERVER.replace(/\/\/[^@]*@/, "//")}/${DB}), ${os.cpus().length} cores, Node ${process.version}; load average before ${load.map((l) => l.toFixed(1)).join(" / ")}, after ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}.`,
    APART
      ? `- Two app processes on one database (NODE_ENV=production): the measured one only queues (JOBS_WORK=0), the other runs the real pg-boss \`messaging.deliver\` workers with the Twilio double in its process (decision 0126)${JOBS_NICE ? `, at niceness ${JOBS_NICE}` : ""}; the double answers ${RATE_LIMITED} requests with 429 every ${RATE_LIMIT_EVERY_MS / 1000} s. autocannon (own process, ${CONNECTIONS} connections, ${SECONDS} s) on \`GET /api/single_class\` (a week, no session) of the measured instance, from the first reminder sent.`
      : `- One app process (NODE_ENV=production, JOBS on: the real pg-boss \`messaging.deliver\` workers) with the Twilio double in the same process; the double answers 429 to ${RATE_LIMITED} requests every ${RATE_LIMIT_EVERY_MS / 1000} s. autocannon (own process, ${CONNECTIONS} connections, ${SECONDS} s) on \`GET /api/single_class\` (a week, no session), from the first reminder sent.`,
    "",
    "| run | p99 idle (ms) | req/s idle | p99 during fan-out (ms) | req/s during | reminders sent while measured | fan-out total (s) | sent/s (whole fan-out) | 429 answered | non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    `Medians: ${rate.toFixed(0)} messages sent per second (${CUSTOMERS} in ${median(busy.map((r) => r.seconds)).toFixed(1)} s); p99 ${p99Idle} ms without, ${p99Busy} ms with the fan-out: ratio ${ratio.toFixed(2)} (target ≤ 1.20: ${ratio <= 1.2 ? "met" : "NOT met"}).`,
  ].join("\n");
  console.log(body);
  if (process.env.FANOUT_WRITE !== "0")
    writeSection(
      APART ? (JOBS_NICE ? "messaging-fanout-apart-nice" : "messaging-fanout-apart") : "messaging-fanout",
      body,
    );
  await sql.end();
  await app.close();
  await fake?.close();
  await jobsInstance?.stop();
  await onServer(`drop database if exists ${DB} with (force)`);
}

/** bench/fanout-worker.ts in its own process, over IPC: the jobs instance and its Twilio double. */
async function startJobsInstance(databaseUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/fanout-worker.ts"], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: {
      ...process.env,
      FANOUT_DATABASE_URL: databaseUrl,
      FANOUT_RATE_LIMITED: String(RATE_LIMITED),
      FANOUT_RATE_LIMIT_EVERY_MS: String(RATE_LIMIT_EVERY_MS),
    },
  });
  if (JOBS_NICE && child.pid) os.setPriority(child.pid, JOBS_NICE);
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      child.once("message", (message) => resolve(message as Record<string, unknown>));
      child.once("exit", (code) => reject(new Error(`la instancia de trabajos terminó (${code})`)));
    });
  const ready = await next();
  return {
    twilioUrl: String(ready.twilioUrl),
    async rateLimited() {
      const answer = next();
      child.send("count");
      return Number((await answer).rateLimited);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      await exited;
    },
  };
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
