/**
 * The app the fan-out bench measures (bench/messaging-fanout.ts), as one production instance on
 * the bench's PostgreSQL database with Twilio pointed at a double. `jobs` says what the instance
 * does with jobs: "all" (queues and runs them, one instance), "queue" (JOBS_WORK=0: the API
 * instance beside a jobs instance) or "work" (the jobs instance). Decisions 0121 and 0126.
 */
import { loadConfig } from "../server/config";
import { startApp } from "../server/start-app";

export const FANOUT_TWILIO_SID = `AC${"f".repeat(32)}`;

export function startFanoutApp(databaseUrl: string, twilioUrl: string, jobs: "all" | "queue" | "work") {
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "bench-fanout-secret-0123456789abcdef",
    LOG_LEVEL: "silent",
    JOBS: "1",
    JOBS_WORK: jobs === "queue" ? "0" : "1",
    DEMO: "0",
    RATE_LIMIT_MAX: "10000000",
    WEB_DIST: "/nonexistent",
    DATA_DIR: `/tmp/bench-fanout-${process.pid}`,
    TWILIO_ACCOUNT_SID: FANOUT_TWILIO_SID,
    TWILIO_AUTH_TOKEN: "bench-fanout-auth-token-0123",
    TWILIO_WHATSAPP_FROM: "+525500000000",
    TWILIO_SMS_FROM: "+525500000001",
    TWILIO_API_URL: twilioUrl,
    PUBLIC_URL: "http://localhost:3000",
  });
  return startApp(config, { logger: false, seed: false });
}
