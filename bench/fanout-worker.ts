/**
 * The jobs instance of the fan-out bench with FANOUT_JOBS_APART=1 (decision 0126): its own process,
 * running the pg-boss workers and the Twilio double they send to, so neither shares the API
 * instance's event loop. Started by bench/messaging-fanout.ts over IPC: it answers "ready" with the
 * double's URL, "count" with the 429s the double has answered so far, and stops on "stop".
 */
import "./production-env";
import { startTwilioFake } from "../test/doubles/messaging/twilio-fake";
import { FANOUT_TWILIO_SID, startFanoutApp } from "./fanout-app";

const RATE_LIMITED = Number(process.env.FANOUT_RATE_LIMITED ?? "2");
const RATE_LIMIT_EVERY_MS = Number(process.env.FANOUT_RATE_LIMIT_EVERY_MS ?? "5000");

const fake = await startTwilioFake(FANOUT_TWILIO_SID);
let rateLimited = 0;
const limiter = setInterval(() => {
  rateLimited += RATE_LIMITED - fake.state.rateLimitNext;
  fake.state.rateLimitNext = RATE_LIMITED;
}, RATE_LIMIT_EVERY_MS);
const app = await startFanoutApp(process.env.FANOUT_DATABASE_URL ?? "", fake.url, "work");
// Listening on nothing: pg-boss starts in the app's onReady, which `listen` would have run.
await app.ready();
process.on("message", async (message) => {
  if (message === "count")
    process.send?.({ rateLimited: rateLimited + RATE_LIMITED - fake.state.rateLimitNext });
  if (message === "stop") {
    clearInterval(limiter);
    await app.close();
    await fake.close();
    process.exit(0);
  }
});
process.send?.({ ready: true, twilioUrl: fake.url });
