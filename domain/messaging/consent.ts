/**
 * Consent by purpose and channel (docs/product-rules.md#messaging-consent, decision 0088).
 * Mexico's LFPDPPP keeps marketing a separate, voluntary purpose: it is never assumed; a
 * transactional message (booking, changes, reminders, payments) follows the customer's channel
 * choice, and email always remains for it.
 */

export const MESSAGE_CHANNELS = ["whatsapp", "sms", "push"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** Where a message may end up: a text channel, or email when none is allowed or all failed. */
export type DeliveryChannel = MessageChannel | "email";

export const MESSAGE_PURPOSES = ["transactional", "marketing"] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];

export const CONSENT_SOURCES = ["signup", "profile", "keyword", "staff", "privacy"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** One recorded decision (the history is append-only: the latest per purpose x channel wins). */
export type ConsentRecord = {
  purpose: MessagePurpose;
  channel: MessageChannel;
  granted: boolean;
  at: Date;
};

export type ConsentKey = `${MessagePurpose}:${MessageChannel}`;
export type ConsentState = Record<ConsentKey, boolean>;

/**
 * What a customer allows now. Without a record nothing is allowed (marketing unticked by default;
 * a transactional text needs the customer to have chosen the channel too).
 */
export function currentConsents(records: readonly ConsentRecord[]): ConsentState {
  const state = {} as ConsentState;
  for (const purpose of MESSAGE_PURPOSES) {
    for (const channel of MESSAGE_CHANNELS) state[`${purpose}:${channel}`] = false;
  }
  const ordered = [...records].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const r of ordered) state[`${r.purpose}:${r.channel}`] = r.granted;
  return state;
}

export function allows(state: ConsentState, purpose: MessagePurpose, channel: MessageChannel): boolean {
  return state[`${purpose}:${channel}`] === true;
}

/** The records that change `state` into `wanted` (only the differences are written). */
export function consentChanges(
  state: ConsentState,
  wanted: Partial<ConsentState>,
): { purpose: MessagePurpose; channel: MessageChannel; granted: boolean }[] {
  const out: { purpose: MessagePurpose; channel: MessageChannel; granted: boolean }[] = [];
  for (const purpose of MESSAGE_PURPOSES) {
    for (const channel of MESSAGE_CHANNELS) {
      const key: ConsentKey = `${purpose}:${channel}`;
      const next = wanted[key];
      if (next !== undefined && next !== state[key]) out.push({ purpose, channel, granted: next });
    }
  }
  return out;
}
