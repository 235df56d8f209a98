/**
 * Messages that bring customers back (docs/product-rules.md#messaging-automations): marketing
 * purpose, each switched on by the owner with an editable text; off by default.
 */
export const AUTOMATIONS = [
  "intro_followup",
  "win_back",
  "birthday",
  "credits_expiring",
  "last_class_of_pack",
] as const;
export type Automation = (typeof AUTOMATIONS)[number];

/** Days after the message in which a booking or purchase counts as brought back. */
export const ATTRIBUTION_DAYS = 7;
/** Default days without booking before a win-back message; the owner may change it (7-365). */
export const WIN_BACK_DEFAULT_DAYS = 30;
/** Days before credits expire that the reminder goes. */
export const CREDITS_EXPIRING_DAYS = 3;

export type AutomationFigures = { received: number; converted: number };

/** "7 of 20 (35 %)": the share brought back, whole percent; 0 when nobody received it. */
export function conversionPercent(f: AutomationFigures): number {
  return f.received === 0 ? 0 : Math.round((f.converted / f.received) * 100);
}

/** Whether a booking or purchase at `at` counts for a message sent at `sentAt`. */
export function attributed(sentAt: Date, at: Date): boolean {
  const diff = at.getTime() - sentAt.getTime();
  return diff >= 0 && diff <= ATTRIBUTION_DAYS * 24 * 3_600_000;
}
