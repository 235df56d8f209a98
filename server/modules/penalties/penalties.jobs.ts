import type { FastifyInstance } from "fastify";
import { NO_SHOW_JOB, runNoShowJob } from "./penalties.service";

/** Every 15 minutes: no-shows of the classes that ended are marked (and penalised per the rules). */
export function registerPenaltyJobs(app: FastifyInstance) {
  app.jobs.register(
    NO_SHOW_JOB,
    async () => {
      await runNoShowJob(app);
    },
    { cron: "*/15 * * * *" },
  );
}
