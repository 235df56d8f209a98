import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { insideSessionWindow, WHATSAPP_SESSION_MS } from "../../../domain/messaging/channel-choice";
import { type MessageStatus, STATUS_LABEL_KEYS } from "../../../domain/messaging/delivery";
import { renderTemplate } from "../../../domain/messaging/templates";
import {
  findMessage,
  insertMessage,
  lastInboundAt,
  type MessageRow,
  markHandled,
  messagesOfCustomer,
  openInbox,
} from "./messaging.repository";
import { queueDelivery, studioVars } from "./messaging.service";

/**
 * The back office's view (docs/product-rules.md#messaging-inbox): each customer's messages with
 * their delivery status, and the inbox of replies the keywords did not handle, answered by the
 * desk inside WhatsApp's 24-hour window.
 */
export function messageOut(row: MessageRow) {
  const label = STATUS_LABEL_KEYS[row.status as MessageStatus];
  return {
    message_id: row.message_id,
    customer_id: row.customer_id,
    direction: row.direction as "out" | "in",
    channel: row.channel,
    purpose: row.purpose,
    template: row.template,
    automation: row.automation,
    body: row.body,
    status: row.status,
    status_label: label ? t(label) : row.status === "received" ? "Recibido" : "Enviando",
    error: row.error,
    created_at: row.createdAt,
    status_at: row.status_at,
  };
}

export async function customerMessages(app: FastifyInstance, customerId: number) {
  return { messages: (await messagesOfCustomer(app.db, customerId)).map(messageOut) };
}

export async function inbox(app: FastifyInstance, now = new Date()) {
  const rows = await openInbox(app.db);
  const items = [];
  for (const { message, name, last_name } of rows) {
    const last = message.customer_id
      ? await lastInboundAt(app.db, message.customer_id, message.channel)
      : null;
    // SMS has no window; WhatsApp only within 24 h of the customer's last message.
    const canReply = message.channel === "sms" || insideSessionWindow(last, now);
    items.push({
      ...messageOut(message),
      customer_name: [name, last_name].filter(Boolean).join(" ") || "Cliente",
      can_reply: canReply,
      reply_until:
        message.channel === "whatsapp" && last ? new Date(last.getTime() + WHATSAPP_SESSION_MS) : null,
    });
  }
  return { items };
}

export async function replyFromDesk(app: FastifyInstance, inboundId: number, text: string, now = new Date()) {
  const inbound = await findMessage(app.db, inboundId);
  if (inbound?.direction !== "in" || !inbound.customer_id) throw AppError.of("MESSAGING_MESSAGE_NOT_FOUND");
  if (inbound.channel === "whatsapp") {
    const last = await lastInboundAt(app.db, inbound.customer_id, "whatsapp");
    if (!insideSessionWindow(last, now)) throw AppError.of("MESSAGING_WINDOW_CLOSED");
  }
  const { studio } = await studioVars(app);
  const row = await insertMessage(app.db, {
    customer_id: inbound.customer_id,
    channel: inbound.channel,
    purpose: "transactional",
    template: "staff_reply",
    body: renderTemplate(t("msgStaffReply"), { studio, text }, "transactional"),
    address: inbound.address,
  });
  await markHandled(app.db, inboundId, now);
  if (row) await queueDelivery(app, [row.message_id]);
  return { message: t("messagingReplySent") };
}
