import type { FastifyInstance } from "fastify";
import { deliverDueGiftCards, expireGiftCards } from "./gift-cards.service";

export const GIFT_CARD_DELIVERY_JOB = "deliver-gift-cards";
export const GIFT_CARD_EXPIRY_JOB = "expire-gift-cards";

/**
 * Every 15 minutes: the gift cards whose delivery time came are sent to their recipients
 * (each claimed once in a transaction, so one email and one WhatsApp per card across instances;
 * decisions 0090, 0131). Every hour: the remainders of cards past their expiry are written off.
 */
export function registerGiftCardJobs(app: FastifyInstance) {
  app.jobs.register(GIFT_CARD_DELIVERY_JOB, async () => void (await deliverDueGiftCards(app)), {
    cron: "*/15 * * * *",
  });
  app.jobs.register(GIFT_CARD_EXPIRY_JOB, async () => void (await expireGiftCards(app)), {
    cron: "7 * * * *",
  });
}
