import type { FastifyInstance } from "fastify";
import { batches } from "../../../domain/messaging/rate-limit";
import { whenCustomerMessage } from "../../plugins/customer-messages";
import { runAutomations } from "./automations.service";
import { onCustomerEvent } from "./message-events";
import { dueQueued, requeueStale } from "./messaging.repository";
import { DELIVER_JOB, deliverMessages, queueDelivery } from "./messaging.service";

export const AUTOMATIONS_JOB = "messaging.automations";
export const SWEEP_JOB = "messaging.sweep";

/**
 * Messaging's background work (decision 0089): the delivery workers (batches of message ids,
 * each message claimed before it is sent, so a job run twice sends nothing twice), the daily
 * automations at 10:00 in Mexico City (16:00 UTC) and a sweep that re-queues what a crashed worker
 * or a quiet-hours hold left. Also listens to the other modules' "tell the customer" events.
 */
export function registerMessagingJobs(app: FastifyInstance) {
  whenCustomerMessage(app.db, async (event) => {
    try {
      await onCustomerEvent(app, event);
    } catch (error) {
      app.log.error({ err: error, kind: event.kind }, "messaging: event failed");
    }
  });
  app.jobs.register(DELIVER_JOB, async (data: { ids?: number[] }) => {
    await deliverMessages(app, Array.isArray(data.ids) ? data.ids : []);
  });
  app.jobs.register(
    AUTOMATIONS_JOB,
    async () => {
      await runAutomations(app);
    },
    { cron: "0 16 * * *" },
  );
  app.jobs.register(
    SWEEP_JOB,
    async () => {
      await sweepMessages(app);
    },
    { cron: "*/5 * * * *" },
  );
}

export async function sweepMessages(app: FastifyInstance, now = new Date()) {
  await requeueStale(app.db, now);
  for (const ids of batches(await dueQueued(app.db, now))) await queueDelivery(app, ids);
}
