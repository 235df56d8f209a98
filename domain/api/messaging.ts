import { z } from "zod";
import { AUTOMATIONS } from "../messaging/automations";
import { MESSAGE_CHANNELS, MESSAGE_PURPOSES } from "../messaging/consent";
import { isoDate } from "./wire";

/**
 * Messaging (server/modules/messaging; docs/product-rules.md#messaging): the customer's channels
 * and purposes, push subscriptions, Twilio's signed webhooks, and the back office's messages,
 * inbox and automations.
 */

const consentFlags = z.object(
  Object.fromEntries(
    MESSAGE_PURPOSES.flatMap((p) => MESSAGE_CHANNELS.map((c) => [`${p}:${c}`, z.boolean().optional()])),
  ) as Record<
    `${(typeof MESSAGE_PURPOSES)[number]}:${(typeof MESSAGE_CHANNELS)[number]}`,
    z.ZodOptional<z.ZodBoolean>
  >,
);

/** GET /customer/messaging */
export const myMessagingAnswer = z.object({
  consents: z.record(z.string(), z.boolean()),
  /** The Spanish text shown beside each box (recorded with the choice). */
  texts: z.record(z.string(), z.string()),
  /** When each current choice was made; a box never chosen has no entry. */
  since: z.record(z.string(), isoDate),
  phone: z.string().nullable(),
  mobile_valid: z.boolean(),
  push_public_key: z.string().nullable(),
  push_devices: z.number().int(),
});

/** PUT /customer/messaging: only the boxes sent change; a phone (Mexican mobile) may come along. */
export const myMessagingBody = z.object({
  consents: consentFlags,
  phone: z.string().max(20).optional(),
  source: z.enum(["signup", "profile"]).default("profile"),
});

export const pushSubscriptionBody = z.object({
  endpoint: z.url().max(1000),
  keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
});

/** Twilio posts form fields; the signature covers them all, so every field is accepted. */
export const twilioWebhookBody = z.record(z.string(), z.string());
export const twilioWebhookHeaders = z.object({ "x-twilio-signature": z.string().optional() });

export const messageOut = z.object({
  message_id: z.number(),
  customer_id: z.number().nullable(),
  direction: z.enum(["out", "in"]),
  channel: z.string(),
  purpose: z.string(),
  template: z.string().nullable(),
  automation: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  status_label: z.string(),
  error: z.string().nullable(),
  created_at: isoDate,
  status_at: isoDate.nullable(),
});

export const messagesAnswer = z.object({ messages: z.array(messageOut) });

export const inboxAnswer = z.object({
  items: z.array(
    messageOut.extend({
      customer_name: z.string(),
      /** WhatsApp allows a free reply only within 24 hours of the customer's last message. */
      can_reply: z.boolean(),
      reply_until: isoDate.nullable(),
    }),
  ),
});

export const replyBody = z.object({ text: z.string().trim().min(1).max(1000) });

export const automationOut = z.object({
  automation: z.enum(AUTOMATIONS),
  enabled: z.boolean(),
  text: z.string(),
  default_text: z.string(),
  placeholders: z.array(z.string()),
  days: z.number().int().nullable(),
  received: z.number().int(),
  converted: z.number().int(),
  percent: z.number().int(),
});

export const automationsAnswer = z.object({ automations: z.array(automationOut) });
export const automationParams = z.object({ automation: z.enum(AUTOMATIONS) });
export const automationBody = z.object({
  enabled: z.boolean(),
  text: z.string().trim().min(10).max(600).nullable().optional(),
  days: z.number().int().min(7).max(365).nullable().optional(),
});

export const inboundAnswer = z.string();
export const statusAnswer = z.object({ received: z.literal(true), changed: z.boolean() });
