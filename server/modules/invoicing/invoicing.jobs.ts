import type { FastifyInstance } from "fastify";
import { issueDueGlobalInvoice } from "./invoicing.service";

export const GLOBAL_INVOICE_JOB = "invoicing.global";

/**
 * The month's factura global (decision 0036): daily at 07:00 UTC (01:00 in Mexico City), so it is
 * issued the first run after the month's request window closes (day 1 with the default setting,
 * inside SAT's 24 hours). Idempotent: the period's row is unique, a second run finds it.
 */
export function registerInvoicingJobs(app: FastifyInstance) {
  app.jobs.register(
    GLOBAL_INVOICE_JOB,
    async (data: { now?: string }) => {
      await issueDueGlobalInvoice(app, data?.now ? new Date(data.now) : new Date());
    },
    { cron: "0 7 * * *" },
  );
}
