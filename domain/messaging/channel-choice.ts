import {
  allows,
  type ConsentState,
  type DeliveryChannel,
  type MessageChannel,
  type MessagePurpose,
} from "./consent";

/**
 * Which channels a message tries, in order (docs/product-rules.md#messaging-channels): WhatsApp,
 * then SMS, then push, each only with consent for the purpose and an address (a Mexican mobile,
 * a push subscription). A transactional message ends with email, which every customer has, so a
 * failed text still reaches them; a marketing message never falls back (email marketing has its
 * own consent and unsubscribe, outside this choice).
 */
export type Reachability = { mobile: string | null; pushSubscriptions: number };

const ORDER: readonly MessageChannel[] = ["whatsapp", "sms", "push"];

export function channelsFor(
  purpose: MessagePurpose,
  consents: ConsentState,
  reach: Reachability,
): DeliveryChannel[] {
  const reachable = (channel: MessageChannel) =>
    channel === "push" ? reach.pushSubscriptions > 0 : reach.mobile !== null;
  const texts = ORDER.filter((c) => allows(consents, purpose, c) && reachable(c));
  return purpose === "transactional" ? [...texts, "email"] : texts;
}

/** The channel after `failed` in the order, or null when none remains. */
export function failOver(order: readonly DeliveryChannel[], failed: DeliveryChannel): DeliveryChannel | null {
  const i = order.indexOf(failed);
  return i >= 0 && i + 1 < order.length ? (order[i + 1] as DeliveryChannel) : null;
}

/** WhatsApp lets a business answer freely only within 24 hours of the customer's last message. */
export const WHATSAPP_SESSION_MS = 24 * 3_600_000;

export function insideSessionWindow(lastInbound: Date | null, now: Date): boolean {
  return lastInbound !== null && now.getTime() - lastInbound.getTime() < WHATSAPP_SESSION_MS;
}
