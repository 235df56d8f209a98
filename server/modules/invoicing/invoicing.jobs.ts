import type { FastifyInstance } from "fastify";
import { followUpFacturas, issueDueGlobalInvoice } from "./invoicing.service";

export const GLOBAL_INVOICE_JOB = "invoicing.global";
export const FACTURAS_FOLLOW_UP_JOB = "invoicing.follow-up";

/**
 * The month's factura global (decision 0036): daily at 07:00 UTC (01:00 in Mexico City), so it is
 * issued the first run after the month's request window closes (day 1 with the default setting,
 * inside SAT's 24 hours). Idempotent: the period's row is unique, a second run finds it.
 *
 * The follow-up (docs/decisions/0072): every 10 minutes, cancellations waiting for the receiver's
 * acceptance, rows a dead attempt left pending, and refunds whose CFDI is not credited yet.
 */
export function registerInvoicingJobs(app: FastifyInstance) {
  app.jobs.register(
    GLOBAL_INVOICE_JOB,
    async (data: { now?: string }) => {
      await issueDueGlobalInvoice(app, data?.now ? new Date(data.now) : new Date());
    },
    { cron: "0 7 * * *" },
  );
  app.jobs.register(
    FACTURAS_FOLLOW_UP_JOB,
    async (data: { now?: string }) => {
      const summary = await followUpFacturas(app, data?.now ? new Date(data.now) : new Date());
      if (summary.accepted + summary.rejected + summary.retried + summary.credited > 0)
        app.log.info({ summary }, "facturas follow-up");
    },
    { cron: "*/10 * * * *" },
  );
}
