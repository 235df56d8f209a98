import { t } from "../messages";
import { MESSAGE_CHANNELS, MESSAGE_PURPOSES, type MessageChannel, type MessagePurpose } from "./consent";

/**
 * The Spanish sentence shown beside each consent box, the same one the server records with the
 * choice (docs/product-rules.md#messaging-consent): the sign-up form draws it before there is a
 * session to ask the API for it, so both read it from here.
 */
const CHANNEL_LABEL = {
  whatsapp: "msgChannelWhatsapp",
  sms: "msgChannelSms",
  push: "msgChannelPush",
} as const;

export function consentText(purpose: MessagePurpose, channel: MessageChannel): string {
  return t(purpose === "marketing" ? "msgConsentTextMarketing" : "msgConsentTextTransactional", {
    channel: t(CHANNEL_LABEL[channel]),
  });
}

export function consentTexts(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of MESSAGE_PURPOSES) for (const c of MESSAGE_CHANNELS) out[`${p}:${c}`] = consentText(p, c);
  return out;
}
