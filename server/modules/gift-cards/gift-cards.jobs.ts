import type { FastifyInstance } from "fastify";
import { deliverDueGiftCards } from "./gift-cards.service";

export const GIFT_CARD_DELIVERY_JOB = "deliver-gift-cards";

/**
 * Every 15 minutes: the gift cards whose delivery date came are emailed to their recipients
 * (each claimed once in a transaction, so one email per card across instances; decision 0090).
 */
export function registerGiftCardJobs(app: FastifyInstance) {
  app.jobs.register(GIFT_CARD_DELIVERY_JOB, async () => void (await deliverDueGiftCards(app)), {
    cron: "*/15 * * * *",
  });
}
