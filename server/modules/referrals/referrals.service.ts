import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { AppError } from "../../../domain/errors";
import {
  codeFromBytes,
  normalizeReferralCode,
  REFERRAL_CODE_LENGTH,
  type ReferralRewardKind,
  referralRefusal,
} from "../../../domain/gift-cards";
import type { Db } from "../../db/client";
import { moveCredit } from "../gift-cards/ledger";
import { getPackage } from "../packages/packages.service";
import { grantAtDesk } from "../purchases/desk-access";
import {
  countOtherPaidPurchases,
  findReferralCode,
  findReferrerByCode,
  insertReferral,
  insertReferralCode,
  listReferralsBy,
  lockReferralOf,
  referralParty,
  updateReferral,
} from "./referrals.repository";

/**
 * Referrals (docs/product-rules.md#referrals, decision 0092): each customer's code and link; a
 * new customer names who referred them; their first paid purchase rewards both, once, unless the
 * two accounts look like one person.
 */

type App = Pick<FastifyInstance, "db" | "appConfig" | "config" | "log">;

/** The customer's code (made on first ask; drawn again on the rare clash). */
async function codeOf(db: Db, customerId: number): Promise<string> {
  for (;;) {
    const existing = await findReferralCode(db, customerId);
    if (existing) return existing.code;
    await insertReferralCode(db, customerId, codeFromBytes(randomBytes(32), REFERRAL_CODE_LENGTH));
  }
}

export async function myReferrals(app: App, customerId: number) {
  const config = await app.appConfig.get();
  const code = await codeOf(app.db, customerId);
  const rows = await listReferralsBy(app.db, customerId);
  return {
    code,
    link: `${app.config.publicUrl.replace(/\/$/, "")}/registro?ref=${code}`,
    reward: rewardText(config),
    referrals: rows.map(({ referral: r, name, last_name }) => ({
      // Only the first name and an initial: the referrer does not see the other's account.
      name: [name, last_name ? `${last_name[0]}.` : ""].filter(Boolean).join(" "),
      status: r.status,
      createdAt: r.createdAt,
      rewardedAt: r.rewardedAt,
    })),
  };
}

function rewardText(config: AppConfig): string | null {
  const kind = config.referral_reward_kind as ReferralRewardKind;
  if (kind === "credit" && (config.referral_reward_amount ?? 0) > 0)
    return `Cuando tu invitado haga su primera compra, ambos reciben $${Number(config.referral_reward_amount).toFixed(2)} de saldo a favor.`;
  if (kind === "class" && config.referral_reward_package_id)
    return "Cuando tu invitado haga su primera compra, ambos reciben una clase de regalo.";
  return null;
}

/** POST /referidos/me: the signed-in customer names who referred them (before a first paid purchase). */
export async function claimReferral(app: App, customerId: number, input: string, now = new Date()) {
  const code = normalizeReferralCode(input);
  const owner = code ? await findReferrerByCode(app.db, code) : null;
  if (!owner) throw AppError.of("REFERRAL_CODE_INVALID", { fields: { code: "Código no válido" } });
  if (owner.customer_id === customerId)
    throw AppError.of("REFERRAL_CODE_INVALID", { fields: { code: "Es tu propio código" } });
  if ((await countOtherPaidPurchases(app.db, customerId, 0)) > 0) throw AppError.of("REFERRAL_ALREADY_SET");
  const row = await insertReferral(app.db, {
    referrer_customer_id: owner.customer_id,
    referred_customer_id: customerId,
    createdAt: now,
  });
  if (!row) throw AppError.of("REFERRAL_ALREADY_SET");
  return { referral_id: row.referral_id };
}

/**
 * After a payment of `customerId` completed: if they were referred and this is their first paid
 * purchase, both get the studio's reward, in one transaction under the referral's row lock (a
 * second payment, or two at once, find it decided). A duplicate account is marked refused.
 */
export async function rewardReferral(app: App, customerId: number, now = new Date()) {
  const config = await app.appConfig.get();
  return app.db.transaction(async (tx) => {
    const referral = await lockReferralOf(tx, customerId);
    if (referral?.status !== "pending") return "none" as const;
    if ((await countOtherPaidPurchases(tx, customerId, 0)) === 0) return "none" as const;
    const referrer = await referralParty(tx, referral.referrer_customer_id);
    const referred = await referralParty(tx, customerId);
    const refusal = referrer && referred ? referralRefusal(referrer, referred, false) : "self";
    if (refusal) {
      await updateReferral(tx, referral.referral_id, { status: "refused", refusal });
      return "refused" as const;
    }
    const kind = config.referral_reward_kind as ReferralRewardKind;
    const both = [referral.referrer_customer_id, customerId];
    if (kind === "credit" && (config.referral_reward_amount ?? 0) > 0) {
      const cents = Math.round(Number(config.referral_reward_amount) * 100);
      for (const id of both)
        await moveCredit(tx, id, cents, "referral_reward", { note: "Recomendación", now });
    } else if (kind === "class" && config.referral_reward_package_id) {
      const pkg = await getPackage(tx, config.referral_reward_package_id, { admin: true });
      for (const id of both)
        await grantAtDesk(
          tx,
          {
            customer_id: id,
            pkg,
            bill: "0.00",
            package_days: null,
            payment_method_id: null,
            is_gift: true,
            provider_ref: null,
          },
          { now, timeZone: config.timezone },
        );
    }
    await updateReferral(tx, referral.referral_id, {
      status: "rewarded",
      reward_kind: kind,
      rewardedAt: now,
    });
    return "rewarded" as const;
  });
}
