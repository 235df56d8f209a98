import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import { formatDate } from "../../../domain/format";
import { t } from "../../../domain/messages";
import {
  ATTRIBUTION_DAYS,
  AUTOMATIONS,
  type Automation,
  CREDITS_EXPIRING_DAYS,
  conversionPercent,
  WIN_BACK_DEFAULT_DAYS,
} from "../../../domain/messaging/automations";
import { placeholdersOf, templateText } from "../../../domain/messaging/templates";
import {
  automationCandidates,
  automationFigures,
  automationRows,
  saveAutomation,
} from "./messaging.repository";
import { sendToCustomer } from "./messaging.service";

/**
 * Messages that bring customers back (docs/product-rules.md#messaging-automations): off until
 * the owner switches each on; marketing purpose, so only customers who consented receive them
 * (sendToCustomer records the others as refused); each shows who received it and who booked or
 * bought within 7 days.
 */
const PLACEHOLDERS: Record<Automation, string[]> = {
  intro_followup: ["studio", "name"],
  win_back: ["studio", "name", "days"],
  birthday: ["studio", "name"],
  credits_expiring: ["studio", "name", "credits", "expires"],
  last_class_of_pack: ["studio", "name"],
};

export async function listAutomations(app: FastifyInstance) {
  const rows = new Map((await automationRows(app.db)).map((r) => [r.automation, r]));
  const figures = new Map((await automationFigures(app.db, ATTRIBUTION_DAYS)).map((f) => [f.automation, f]));
  return AUTOMATIONS.map((automation) => {
    const row = rows.get(automation);
    const f = figures.get(automation) ?? { received: 0, converted: 0 };
    return {
      automation,
      enabled: row?.enabled ?? false,
      text: row?.text ?? templateText(automation),
      default_text: templateText(automation),
      placeholders: PLACEHOLDERS[automation],
      days: automation === "win_back" ? (row?.days ?? WIN_BACK_DEFAULT_DAYS) : null,
      received: f.received,
      converted: f.converted,
      percent: conversionPercent(f),
    };
  });
}

export async function updateAutomation(
  app: FastifyInstance,
  automation: Automation,
  input: { enabled: boolean; text?: string | null; days?: number | null },
) {
  if (input.text) {
    const unknown = placeholdersOf(input.text).find((p) => !PLACEHOLDERS[automation].includes(p));
    if (unknown)
      throw AppError.of("MESSAGING_PLACEHOLDER_UNKNOWN", {
        params: {
          placeholder: `{${unknown}}`,
          allowed: PLACEHOLDERS[automation].map((p) => `{${p}}`).join(", "),
        },
      });
  }
  await saveAutomation(app.db, {
    automation,
    enabled: input.enabled,
    text: input.text ?? null,
    days: automation === "win_back" ? (input.days ?? null) : null,
  });
  return { automations: await listAutomations(app), message: t("messagingAutomationSaved") };
}

/** The daily run: every switched-on automation to its candidates, once each (dedupe keys). */
export async function runAutomations(app: FastifyInstance, now = new Date()) {
  const config = await app.appConfig.get();
  const counts: Record<string, number> = {};
  for (const a of await listAutomations(app)) {
    if (!a.enabled) continue;
    const candidates = await automationCandidates(app.db, a.automation, now, {
      days: a.days ?? WIN_BACK_DEFAULT_DAYS,
      expiringDays: CREDITS_EXPIRING_DAYS,
      timeZone: config.timezone,
    });
    counts[a.automation] = 0;
    for (const c of candidates) {
      const outcome = await sendToCustomer(app, {
        customerId: c.customer_id,
        template: a.automation,
        text: a.text,
        automation: a.automation,
        vars: {
          days: a.days ?? undefined,
          credits: c.credits === undefined ? undefined : c.credits === 1 ? "1 clase" : `${c.credits} clases`,
          expires: c.expires ? formatDate(c.expires, config.timezone) : undefined,
        },
        dedupeKey: `${a.automation}:${c.key}`,
        now,
      });
      if (outcome.status === "queued") counts[a.automation] = (counts[a.automation] ?? 0) + 1;
    }
  }
  return counts;
}
