import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { claimReferralAnswer, claimReferralBody, myReferralsAnswer } from "../../../domain/api/gift-cards";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireUser } from "../../auth/auth";
import { whenPaymentCompleted } from "../purchases/payment-completed";
import { claimReferral, myReferrals, rewardReferral } from "./referrals.service";

/** Referrals (decision 0092): the customer's code and link, and naming who referred them. */
const tags = ["referidos"];

const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A first paid purchase rewards the referral (after the payment's commit; never throws into it).
  whenPaymentCompleted(app.db, async (customerId) => {
    await rewardReferral(app, customerId);
  });

  app.get(
    "/referidos/me",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mi código y liga de recomendación, y a quién recomendé",
        response: { 200: myReferralsAnswer },
      },
    },
    async (request) => myReferrals(app, await currentCustomerId(request)),
  );

  app.post(
    "/referidos/me",
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Indica quién me recomendó (antes de mi primera compra pagada)",
        body: claimReferralBody,
        response: { 200: claimReferralAnswer },
        errors: ["REFERRAL_CODE_INVALID", "REFERRAL_ALREADY_SET"],
      },
    },
    async (request) => ({
      message: t("referralSaved"),
      ...(await claimReferral(app, await currentCustomerId(request), request.body.code)),
    }),
  );
};

export default referralsRoutes;
