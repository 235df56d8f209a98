import type { FastifyInstance } from "fastify";
import { cardGateway, sandboxGateway, subscriptionGatewayFor } from "../../payments/gateways";
import { finishPendingFreezeFees } from "./freezes.service";
import { sendDueReceipts } from "./receipt-email";
import { afterRefund, refundDeps } from "./refund-app";
import { findRefund } from "./refunds.repository";
import { finishInterruptedRefunds } from "./refunds.service";
import { RENEWAL_JOB, renewDueSubscriptions } from "./renewals";

/** The renewals that are due, then the receipts of the ones it charged (decision 0051). */
export async function runRenewals(app: FastifyInstance, now = new Date()) {
  const summary = await renewDueSubscriptions(
    { db: app.db, appConfig: app.appConfig, mailer: app.mailer, gateway: sandboxGateway(app), log: app.log },
    now,
  );
  await sendDueReceipts(app, null);
  return summary;
}

export const INTERRUPTED_REFUNDS_JOB = "finish-interrupted-refunds";
export const PENDING_FREEZE_FEES_JOB = "finish-pending-freeze-fees";

/** Freeze fees recorded but never settled are asked of their processor again (decision 0107). */
export async function runPendingFreezeFees(app: FastifyInstance, now = new Date()) {
  const deps = {
    db: app.db,
    config: await app.appConfig.get(),
    cardGateway: cardGateway(app),
    subscriptionGateway: (provider: string) => subscriptionGatewayFor(app, provider),
  };
  return finishPendingFreezeFees(deps, now, app.log);
}
export const RECEIPTS_JOB = "send-due-receipts";

/**
 * Refunds whose intent was recorded but never confirmed are finished by asking their processor
 * (decision 0049); then the customer's email and factura, as after the desk's own request.
 */
export async function runInterruptedRefunds(app: FastifyInstance, now = new Date()) {
  const applied = await finishInterruptedRefunds(await refundDeps(app), now, app.log);
  for (const id of applied) {
    const refund = await findRefund(app.db, id);
    if (refund) await afterRefund(app, refund);
  }
  return applied;
}

/**
 * Daily at 15:00 UTC (morning in Mexico): the sandbox-card and cash subscriptions that are due
 * (processor-billed ones renew on the processor and arrive as webhooks).
 */
export function registerPurchaseJobs(app: FastifyInstance) {
  app.jobs.register(RENEWAL_JOB, async () => void (await runRenewals(app)), { cron: "0 15 * * *" });
  // The backstop of receipts: any completed payment whose path did not send its receipt at once
  // (a processor's webhook for a renewal, a counter sale) gets it within a few minutes, once.
  app.jobs.register(RECEIPTS_JOB, async () => void (await sendDueReceipts(app, null)), {
    cron: "*/5 * * * *",
  });
  app.jobs.register(INTERRUPTED_REFUNDS_JOB, async () => void (await runInterruptedRefunds(app)), {
    cron: "*/10 * * * *",
  });
  app.jobs.register(PENDING_FREEZE_FEES_JOB, async () => void (await runPendingFreezeFees(app)), {
    cron: "*/10 * * * *",
  });
}
