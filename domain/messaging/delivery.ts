/**
 * A message's delivery status (docs/product-rules.md#messaging-status), from the provider's
 * signed callbacks. "not_sent" is the outbox without provider keys (the demo shows it as "no
 * enviado"); statuses only move forward (a late "sent" never overwrites "read").
 */
export const MESSAGE_STATUSES = [
  "queued",
  "not_sent",
  "sent",
  "delivered",
  "read",
  "failed",
  "refused",
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const RANK: Record<MessageStatus, number> = {
  queued: 0,
  not_sent: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
  refused: 5,
};

/** Twilio's MessageStatus values mapped to ours; null for ones we do not track. */
export function fromTwilioStatus(status: string): MessageStatus | null {
  switch (status) {
    case "accepted":
    case "queued":
    case "sending":
    case "scheduled":
      return "queued";
    case "sent":
      return "sent";
    case "delivered":
      return "delivered";
    case "read":
      return "read";
    case "failed":
    case "undelivered":
    case "canceled":
      return "failed";
    default:
      return null;
  }
}

/** Whether `next` may replace `current` (forward only; a failure after delivery is kept out). */
export function advances(current: MessageStatus, next: MessageStatus): boolean {
  if (next === "failed") return current === "queued" || current === "sent";
  return RANK[next] > RANK[current] && current !== "failed" && current !== "refused";
}

/** Spanish label of a status, as the back office shows it. */
export const STATUS_LABEL_KEYS = {
  queued: "msgStatusQueued",
  not_sent: "msgStatusNotSent",
  sent: "msgStatusSent",
  delivered: "msgStatusDelivered",
  read: "msgStatusRead",
  failed: "msgStatusFailed",
  refused: "msgStatusRefused",
} as const;
