import { type MessageKey, messages } from "../messages";
import type { MessagePurpose } from "./consent";

/**
 * Every message the studio sends by WhatsApp, SMS or push: its purpose (which consent it needs)
 * and its Spanish text (domain/messages.ts), with {placeholders} filled by `renderTemplate`.
 * WhatsApp templates carry the studio's name ({studio}) as the providers ask of business messages.
 */
export const MESSAGE_TEMPLATES = {
  booking_confirmed: { purpose: "transactional", text: "msgBookingConfirmed" },
  class_changed: { purpose: "transactional", text: "msgClassChanged" },
  class_cancelled: { purpose: "transactional", text: "msgClassCancelled" },
  reservation_cancelled: { purpose: "transactional", text: "msgReservationCancelled" },
  waitlist_offer: { purpose: "transactional", text: "msgWaitlistOffer" },
  class_reminder: { purpose: "transactional", text: "msgClassReminder" },
  offline_payment_reference: { purpose: "transactional", text: "msgOfflinePaymentReference" },
  renewal_failed: { purpose: "transactional", text: "msgRenewalFailed" },
  renewal_ended: { purpose: "transactional", text: "msgRenewalEnded" },
  staff_reply: { purpose: "transactional", text: "msgStaffReply" },
  intro_followup: { purpose: "marketing", text: "msgIntroFollowup" },
  win_back: { purpose: "marketing", text: "msgWinBack" },
  birthday: { purpose: "marketing", text: "msgBirthday" },
  credits_expiring: { purpose: "marketing", text: "msgCreditsExpiring" },
  last_class_of_pack: { purpose: "marketing", text: "msgLastClassOfPack" },
  gift_card: { purpose: "transactional", text: "msgGiftCard" },
} as const satisfies Record<string, { purpose: MessagePurpose; text: MessageKey }>;

export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES;

export const isMessageTemplate = (name: string): name is MessageTemplate =>
  Object.hasOwn(MESSAGE_TEMPLATES, name);

export function templatePurpose(template: MessageTemplate): MessagePurpose {
  return MESSAGE_TEMPLATES[template].purpose;
}

/** The default Spanish text of a template (an automation's text may replace it). */
export function templateText(template: MessageTemplate): string {
  return messages[MESSAGE_TEMPLATES[template].text];
}

/**
 * Fills {placeholders}; an unknown one is left out rather than shown as "{name}" to a customer.
 * Marketing texts end with how to stop them (docs/product-rules.md#messaging-consent).
 */
export function renderTemplate(
  text: string,
  vars: Record<string, string | number | null | undefined>,
  purpose: MessagePurpose,
): string {
  const body = text
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = vars[name];
      return value === null || value === undefined ? "" : String(value);
    })
    .replace(/[ \t]+/g, " ")
    .trim();
  return purpose === "marketing" ? `${body}\n${messages.msgMarketingFooter}` : body;
}

/** The placeholders a text uses (the owner's edited text may only use its template's ones). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}
