import path from "node:path";
import { z } from "zod";

/**
 * Environment, validated once at start-up. A bad value stops the process with a message that
 * names the variable, instead of failing later in some request.
 */
const booleanFlag = z
  .enum(["0", "1", "true", "false"], { message: "usa 0/1 o true/false" })
  .transform((v) => v === "1" || v === "true");

const POOL_SIZE_MESSAGE = "debe ser un número entero de 1 a 200";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "debe empezar con postgres:// o postgresql://" })
    .optional(),
  /**
   * Connections the app keeps to PostgreSQL (docs/decisions/0048). 20 by default; with PostgreSQL
   * on the same small machine, fewer keep the slowest answers shorter at the same throughput.
   */
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: POOL_SIZE_MESSAGE })
    .int({ message: POOL_SIZE_MESSAGE })
    .min(1, { message: POOL_SIZE_MESSAGE })
    .max(200, { message: POOL_SIZE_MESSAGE })
    .default(20),
  PUBLIC_URL: z.url({ message: "debe ser una URL completa, p. ej. https://mi-estudio.mx" }).optional(),
  AUTH_SECRET: z.string().min(32, { message: "debe tener al menos 32 caracteres" }).optional(),
  /**
   * The demo studio on an empty database. By default only on the embedded database (trying the
   * app with `npm start`); a PostgreSQL deployment is a real studio, and the demo's logins have a
   * published password (decision 0014).
   */
  DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Sign-in, sign-up, recovery and code checks per IP and email in 15 minutes (server/auth/auth.ts). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** Different emails or phones one address may name per hour on sign-in, sign-up, recovery and phone checks (server/auth/guessing-limit.ts). */
  AUTH_DISTINCT_EMAILS_MAX: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * Days `npm run backup` keeps the backups beside the one it writes (server/cli/backup.ts
   * pruneBackups; decision 0071): what someone erased stays in backups at most this long. 0 keeps all.
   */
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(0).max(3650).default(35),
  WEB_DIST: z.string().default("./dist/web"),
  /** The server-side build of the public pages (vite build --ssr); without it they render in the browser. */
  WEB_SSR_DIST: z.string().default("./dist/ssr"),
  JOBS: booleanFlag.default(true),
  /**
   * With JOBS on, whether this instance also runs the job handlers and the cron schedule. Off, it
   * only queues (pg-boss started, no workers): an instance that serves requests beside one that
   * runs the jobs (JOBS_WORK on there), so a fan-out of thousands of messages never shares an
   * event loop with the API (decision 0126).
   */
  JOBS_WORK: booleanFlag.default(true),
  PAYMENT_GATEWAY: z.enum(["sandbox", "stripe", "paypal"]).default("sandbox"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /** The webhook's id in PayPal's dashboard: events are verified against it (POST /api/webhooks/paypal). */
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, {
      message: "debe ser el ID del webhook de PayPal (letras, números y guiones)",
    })
    .optional(),
  /** Mercado Pago (Checkout Pro and preapproval subscriptions; decision 0035): both or neither. */
  MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
  /** The webhook's secret signature (Tus integraciones → Webhooks): x-signature is checked with it. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().optional(),
  /** API hosts; only changed to point at a test double. */
  STRIPE_API_URL: z.url().optional(),
  PAYPAL_API_URL: z.url().default("https://api-m.paypal.com"),
  MERCADOPAGO_API_URL: z.url().default("https://api.mercadopago.com"),
  /**
   * Facturapi's secret key (the PAC that stamps facturas, decision 0036). Without it facturas are
   * previews marked "sin validez fiscal". FACTURAPI_API_URL only points at a test double.
   */
  FACTURAPI_KEY: z
    .string()
    .min(8, { message: "debe ser la clave secreta de Facturapi (sk_live_... o sk_test_...)" })
    .optional(),
  FACTURAPI_API_URL: z.url().optional(),
  /** Wellhub's and TotalPass's partner API hosts (decision 0102); only changed to point at a test double. */
  WELLHUB_API_URL: z.url().default("https://api.partners.gympass.com"),
  TOTALPASS_API_URL: z.url().default("https://booking-api.totalpass.com"),
  SMTP_URL: z.string().optional(),
  /**
   * Cloud file storage (app config files_location=aws; endpoint, bucket and region are studio
   * settings). Both or neither: without them the AWS SDK's default chain is used (an instance role).
   */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /** Public base URL of the bucket (CDN, R2 public domain) where uploads/<file> can be read; without it public files go through a redirect. */
  S3_PUBLIC_URL: z.url({ message: "debe ser una URL completa, p. ej. https://cdn.mi-estudio.mx" }).optional(),
  /** bucket in the path (endpoint/bucket/key) instead of the host name; default: on with a custom S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /**
   * A folder where every email is also written whole, as JSON (a developer's mail catcher; the
   * browser journeys read links from it). The outbox keeps emails with their secret links hidden.
   */
  MAIL_DIR: z.string().optional(),
  MAIL_FROM: z.string().default("Estudio <no-reply@localhost>"),
  /** Bearer token of GET /metrics (Prometheus); unset, the route answers 404 (docs/deploy.md). */
  METRICS_TOKEN: z.string().min(16, { message: "debe tener al menos 16 caracteres" }).optional(),
  /**
   * WhatsApp and SMS through Twilio (decision 0087). Without SID and token every message stays in
   * the outbox marked "no enviado". The senders: a WhatsApp-enabled number and an SMS number
   * (or a Messaging Service SID, MG...). TWILIO_API_URL only points at a test double.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { message: "debe ser el Account SID (AC + 32 caracteres)" })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, { message: "debe ser el Auth Token de Twilio" }).optional(),
  TWILIO_WHATSAPP_FROM: z.string().optional(),
  TWILIO_SMS_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().optional(),
  /** Web push (VAPID keys from `npx web-push generate-vapid-keys`); without them push is off. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default("mailto:soporte@localhost"),
  /** A PEM file of an extra certificate authority for push services: only for a test double. */
  WEB_PUSH_CA_FILE: z.string().optional(),
  /**
   * Where rate limits, guessing counters and cache invalidations live: `memory` (one instance, the
   * default) or `postgres` (several instances on DATABASE_URL; docs/decisions, "shared state").
   */
  SHARED_STATE: z.enum(["memory", "postgres"], { message: "usa memory o postgres" }).default("memory"),
});

export type Env = Omit<z.infer<typeof envSchema>, "DEMO"> & { DEMO: boolean };

export type AppConfigEnv = Env & {
  dataDir: string;
  publicUrl: string;
  authSecret: string;
  /** true when the auth secret was not given and a development one is used */
  insecureSecret: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfigEnv {
  // Empty strings mean "not set" (a common shell mistake: DATABASE_URL= npm start).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.AUTH_SECRET) {
    throw new ConfigError(
      "Configuración inválida:\n  AUTH_SECRET: obligatorio en producción (32+ caracteres)",
    );
  }
  const missing = {
    stripe: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
    // Without the webhook id PayPal's renewals and cancellations could not be followed.
    paypal: ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"],
    sandbox: [],
  }[e.PAYMENT_GATEWAY].filter((key) => !e[key as keyof Env]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Configuración inválida:\n${missing.map((key) => `  ${key}: obligatorio con PAYMENT_GATEWAY=${e.PAYMENT_GATEWAY}`).join("\n")}`,
    );
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    const absent = e.AWS_ACCESS_KEY_ID ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID";
    const given = e.AWS_ACCESS_KEY_ID ? "AWS_ACCESS_KEY_ID" : "AWS_SECRET_ACCESS_KEY";
    throw new ConfigError(`Configuración inválida:\n  ${absent}: obligatorio junto con ${given}`);
  }
  if (Boolean(e.MERCADOPAGO_ACCESS_TOKEN) !== Boolean(e.MERCADOPAGO_WEBHOOK_SECRET)) {
    const absent = e.MERCADOPAGO_ACCESS_TOKEN ? "MERCADOPAGO_WEBHOOK_SECRET" : "MERCADOPAGO_ACCESS_TOKEN";
    const given = e.MERCADOPAGO_ACCESS_TOKEN ? "MERCADOPAGO_ACCESS_TOKEN" : "MERCADOPAGO_WEBHOOK_SECRET";
    throw new ConfigError(`Configuración inválida:\n  ${absent}: obligatorio junto con ${given}`);
  }
  if (Boolean(e.TWILIO_ACCOUNT_SID) !== Boolean(e.TWILIO_AUTH_TOKEN)) {
    const absent = e.TWILIO_ACCOUNT_SID ? "TWILIO_AUTH_TOKEN" : "TWILIO_ACCOUNT_SID";
    const given = e.TWILIO_ACCOUNT_SID ? "TWILIO_ACCOUNT_SID" : "TWILIO_AUTH_TOKEN";
    throw new ConfigError(`Configuración inválida:\n  ${absent}: obligatorio junto con ${given}`);
  }
  if (e.SHARED_STATE === "postgres" && !e.DATABASE_URL) {
    throw new ConfigError("Configuración inválida:\n  SHARED_STATE: postgres necesita DATABASE_URL");
  }
  const port = e.PORT;
  return {
    ...e,
    DEMO: e.DEMO ?? !e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    authSecret: e.AUTH_SECRET ?? "development-secret-change-me-in-production-0123456789",
    insecureSecret: !e.AUTH_SECRET,
  };
}
