/**
 * `npm run bench:data`: a large studio in PostgreSQL for `npm run bench` and bench/explain.ts.
 * Drops and recreates the database in BENCH_DATABASE_URL, migrates it, seeds the demo studio (so
 * its logins exist) and then bulk-loads with set-based SQL (insert ... select ... generate_series),
 * never row by row, so a million reservations load in a minute or two.
 * BENCH_SCALE (default 1) scales the big tables; 0.1 is a quick run.
 */
import { rmSync } from "node:fs";
import pg from "pg";
import { loadConfig } from "../../server/config";
import { startApp } from "../../server/start-app";
import {
  BENCH_EMAIL,
  BOOKERS,
  benchDatabaseUrl,
  benchPgliteDir,
  benchTargetLabel,
  benchToken,
  openBenchSql,
} from "../bench-data";

const scale = Number(process.env.BENCH_SCALE ?? "1");
if (!(scale > 0)) throw new Error("BENCH_SCALE debe ser un número positivo");
const n = (full: number, min = 1) => Math.max(min, Math.round(full * scale));

const SIZES = {
  locations: 10,
  classTypes: 20,
  coaches: 60,
  classes: n(3_000 * 12, 240),
  customers: n(50_000, 1_000),
  reservations: n(1_000_000, 10_000),
  purchases: n(100_000, 1_000),
  videos: 500,
};

const url = benchDatabaseUrl();

async function recreateDatabase() {
  const dir = benchPgliteDir();
  if (dir) {
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nombre de base inválido: ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

/** Migrations and the demo studio through the app itself, exactly as `npm start` does. */
async function migrateAndSeed() {
  const dir = benchPgliteDir();
  const config = loadConfig({
    ...process.env,
    ...(dir ? { DATA_DIR: dir, DATABASE_URL: "" } : { DATABASE_URL: url }),
    DEMO: "1",
    JOBS: "0",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
  });
  const app = await startApp(config, { logger: false, seed: true });
  await app.close();
}

/** Each step is one statement; timings are printed so a slow one stands out. */
function steps(): [string, string][] {
  const s = SIZES;
  return [
    [
      "sedes",
      `insert into locations (name, address)
       select 'Sede ' || i, 'Calle ' || i || ', CDMX' from generate_series(1, ${s.locations}) i`,
    ],
    [
      "tipos de clase",
      `insert into class_types (name, color, description)
       select 'Disciplina ' || i, '#' || lpad(to_hex(i * 123456), 6, '0'), 'Clase de prueba ' || i
       from generate_series(1, ${s.classTypes}) i`,
    ],
    [
      "coaches",
      `insert into instructors (name, last_name, short_bio, "order")
       select 'Coach', 'Bench ' || i, 'Coach de carga ' || i, i from generate_series(1, ${s.coaches}) i`,
    ],
    // Classes spread evenly from 6 months back to 6 months ahead, on 15-minute marks, 6:00–21:45.
    // Capacity 40 leaves about a dozen free seats per class for the booking benchmark.
    [
      "clases",
      `with l as (select array_agg(location_id order by location_id) a from locations where name like 'Sede %'),
            t as (select array_agg(class_type_id order by class_type_id) a from class_types where name like 'Disciplina %')
       insert into single_classes (class_date, duration_minutes, capacity, location_id, class_type_id, description)
       select date_trunc('day', now() - interval '6 months') + ((i * 365 / ${s.classes}) || ' days')::interval
                + interval '6 hours' + ((i % 64) * interval '15 minutes'),
              50, 40, l.a[1 + i % ${s.locations}], t.a[1 + i % ${s.classTypes}], 'bench'
       from generate_series(0, ${s.classes - 1}) i, l, t`,
    ],
    [
      "coach por clase",
      `with c as (select array_agg(instructor_id order by instructor_id) a from instructors where last_name like 'Bench %')
       insert into single_class_instructors (single_class_id, instructor_id)
       select sc.single_class_id, c.a[1 + sc.single_class_id % ${s.coaches}]
       from single_classes sc, c where sc.description = 'bench'`,
    ],
    [
      "clientes",
      `insert into customers (name, last_name, email, phone, birthdate, created_at)
       select 'Cliente', 'Bench ' || i, 'cliente' || i || '@bench.mx', '81' || lpad(i::text, 8, '0'),
              date '1980-01-01' + (i % 9000), now() - ((i % 700) || ' days')::interval
       from generate_series(1, ${s.customers}) i`,
    ],
    // Reservation k goes to class k mod C and, within a class, to customers j*7919 apart (7919 is
    // prime and does not divide the customer count), so one customer never holds two own seats in
    // a class. Spots stay null: the bench class types have no spot map. 8% are cancelled.
    [
      "reservaciones",
      `with c as (select array_agg(single_class_id order by single_class_id) a, count(*)::int n from single_classes where description = 'bench'),
            u as (select min(customer_id) lo, count(*)::int n from customers where email like 'cliente%@bench.mx')
       insert into class_reservations (single_class_id, customer_id, attend, paid_with, deleted_at, created_at)
       select c.a[1 + k % c.n], u.lo + ((k / c.n) * 7919 + (k % c.n) * 13) % u.n,
              k % 3 = 0, 'credit', case when k % 12 = 0 then now() end, now() - ((k % 400) || ' days')::interval
       from generate_series(0, ${s.reservations - 1}) k, c, u`,
    ],
    [
      "compras",
      `with p as (select array_agg(class_package_id order by class_package_id) a, count(*)::int n from class_packages),
            u as (select min(customer_id) lo, count(*)::int n from customers where email like 'cliente%@bench.mx')
       insert into purchases (customer_id, class_package_id, title, status, amount, total_payment, class_amount,
                              provider, created_at, credits_granted_at)
       select u.lo + (i * 31) % u.n, p.a[1 + i % p.n], 'Paquete ' || (i % p.n), 'completed', 450.00, 450.00, 5,
              'sandbox', now() - ((i % 700) || ' days')::interval, now() - ((i % 700) || ' days')::interval
       from generate_series(0, ${s.purchases - 1}) i, p, u`,
    ],
    [
      "videos",
      `with c as (select array_agg(instructor_id order by instructor_id) a from instructors where last_name like 'Bench %'),
            t as (select array_agg(class_type_id order by class_type_id) a from class_types where name like 'Disciplina %')
       insert into videos (name, description, host, url, duration, instructor_id, class_type_id, published,
                           release_date, created_at)
       select 'Video ' || i, 'Clase grabada ' || i, 'vimeo', (100000 + i)::text, 20 + i % 40,
              c.a[1 + i % ${s.coaches}], t.a[1 + i % ${s.classTypes}], true,
              now() - ((i % 300) || ' days')::interval, now() - ((i % 300) || ' days')::interval
       from generate_series(1, ${s.videos}) i, c, t`,
    ],
    // The accounts the benchmark signs in as: bookers (f, g) with plenty of credits, a heavy
    // customer with 500 reservations (d) and a customer with online access (e). Their sessions
    // are written here so the bench does not spend minutes on scrypt sign-ins.
    [
      "cuentas del bench",
      `with emails as (
         select 'booker' || i || '@bench.mx' email from generate_series(1, ${BOOKERS}) i
         union all select '${BENCH_EMAIL.heavy}' union all select '${BENCH_EMAIL.video}'),
       users as (
         insert into "user" (id, name, email, email_verified, role)
         select 'bench-' || md5(email), 'Cliente Bench', email, true, 'customer' from emails returning id, email)
       insert into customers (uid, name, last_name, email, phone, birthdate, has_unlimited)
       select id, 'Cliente', 'Bench', email, '82' || lpad(row_number() over ()::text, 8, '0'), date '1990-05-05',
              email = '${BENCH_EMAIL.video}'
       from users`,
    ],
    [
      "sesiones",
      `insert into session (id, token, expires_at, user_id)
       select 'bench-s-' || u.id, ${benchToken("c.customer_id")}, now() + interval '30 days', u.id
       from "user" u join customers c on c.uid = u.id where u.email like '%@bench.mx'`,
    ],
    [
      "páginas aceptadas",
      `insert into accepted_pages (page_id, customer_id)
       select p.page_id, c.customer_id from pages p, customers c
       where (p.required or p.required_at_signup) and c.email like '%@bench.mx' and c.uid is not null
       on conflict do nothing`,
    ],
    [
      "créditos",
      `insert into available_classes (customer_id, available_classes, expiration_date)
       select customer_id, 1000000, now() + interval '1 year' from customers where email like 'booker%@bench.mx'`,
    ],
    // 500 reservations on 500 different classes spread over the year.
    [
      "500 reservaciones de un cliente",
      `with c as (select array_agg(single_class_id order by single_class_id) a, count(*)::int n from single_classes where description = 'bench'),
            h as (select customer_id from customers where email = '${BENCH_EMAIL.heavy}')
       insert into class_reservations (single_class_id, customer_id, paid_with, created_at)
       select c.a[1 + (i * c.n / 500)::int], h.customer_id, 'credit', now() - (i || ' hours')::interval
       from generate_series(0, 499) i, c, h`,
    ],
    // The last-seats burst (g) books this class; bench/run.ts empties it before every run.
    [
      "clase del burst",
      `insert into single_classes (class_date, duration_minutes, capacity, location_id, class_type_id, description)
       select date_trunc('day', now()) + interval '3 days 7 hours', 50, 20, min(location_id), min(class_type_id), 'bench-burst'
       from single_classes where description = 'bench'`,
    ],
    // The demo allows 2 refunding cancellations per credit bucket; the book+cancel loop (f) would
    // hit that rule after two rounds and measure 412s instead of cancellations. The rule has its
    // own tests; here it is off (the documented default: no limit).
    ["sin límite de cancelaciones", `delete from app_config where key = 'max_cancels_per_available_class'`],
    // What a running studio's database looks like after its housekeeping: autovacuum on
    // PostgreSQL, the nightly job on PGlite (server/db/maintenance.ts). Without it the bench
    // would measure a database that is never vacuumed, which neither engine is in use.
    ["vacuum + analyze", "vacuum (analyze)"],
  ];
}

async function main() {
  const started = performance.now();
  console.log(`bench:data → ${benchTargetLabel()} · escala ${scale}`, SIZES);
  await recreateDatabase();
  await migrateAndSeed();
  console.log(`  migración + estudio demo: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const client = await openBenchSql();
  try {
    for (const [label, sql] of steps()) {
      const t0 = performance.now();
      const result = await client.query(sql);
      const rows = result.count ? ` (${result.count.toLocaleString("es-MX")} filas)` : "";
      console.log(`  ${label}${rows}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await client.end();
  }
  console.log(
    `Listo en ${((performance.now() - started) / 1000).toFixed(1)} s (objetivo < 300 s a escala 1).`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
