import twilioImport from "twilio";
import type { AppConfigEnv } from "../../config";
import { cjsDefault } from "../../lib/cjs-default";

/**
 * WhatsApp and SMS through Twilio's official SDK (decision 0087): one Messages API for both
 * channels, signed status callbacks and inbound webhooks (X-Twilio-Signature).
 */
const twilio = cjsDefault(twilioImport);

export type TextChannel = "whatsapp" | "sms";

/** The provider refused for a rate limit (HTTP 429 / Twilio 20429): wait and retry. */
export class ProviderRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number | null) {
    super("provider rate limit");
  }
}

/** The provider refused this message for good (bad number, not on WhatsApp...): fail over. */
export class ProviderRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type TextSender = {
  send(input: { channel: TextChannel; to: string; body: string; statusCallback: string }): Promise<{
    sid: string;
    status: string;
  }>;
  /** Whether a webhook's X-Twilio-Signature matches its URL and form parameters. */
  validSignature(signature: string | undefined, url: string, params: Record<string, string>): boolean;
};

/**
 * Points the SDK's requests at another host (a test double) without changing what it sends: the
 * SDK builds https://api.twilio.com/... and this client rewrites the origin only.
 */
function rerouted(apiUrl: string) {
  const base = new twilio.RequestClient();
  const target = new URL(apiUrl);
  const client = Object.create(base) as typeof base;
  client.request = (opts) => {
    const uri = new URL(opts.uri);
    uri.protocol = target.protocol;
    uri.host = target.host;
    return base.request({ ...opts, uri: uri.toString() });
  };
  return client;
}

/** Twilio from the environment; null without SID and token (messages stay "no enviado"). */
export function twilioSender(config: AppConfigEnv): TextSender | null {
  const sid = config.TWILIO_ACCOUNT_SID;
  const token = config.TWILIO_AUTH_TOKEN;
  if (!sid || !token) return null;
  const client = twilio(sid, token, {
    ...(config.TWILIO_API_URL ? { httpClient: rerouted(config.TWILIO_API_URL) } : {}),
    // Our own back-off (domain/messaging/rate-limit.ts) handles 429s; the SDK must not retry too.
    autoRetry: false,
  });
  const from = (channel: TextChannel) => {
    const sender = channel === "whatsapp" ? config.TWILIO_WHATSAPP_FROM : config.TWILIO_SMS_FROM;
    if (!sender) return null;
    if (sender.startsWith("MG")) return { messagingServiceSid: sender };
    return {
      from: channel === "whatsapp" && !sender.startsWith("whatsapp:") ? `whatsapp:${sender}` : sender,
    };
  };
  return {
    async send({ channel, to, body, statusCallback }) {
      const sender = from(channel);
      if (!sender) throw new ProviderRefused("NO_SENDER", `no ${channel} sender configured`);
      try {
        const message = await client.messages.create({ ...sender, to, body, statusCallback });
        return { sid: message.sid, status: message.status };
      } catch (error) {
        const e = error as { status?: number; code?: number; message?: string; moreInfo?: string };
        if (e.status === 429 || e.code === 20429) throw new ProviderRateLimited(null);
        if (typeof e.status === "number" && e.status >= 400 && e.status < 500) {
          throw new ProviderRefused(String(e.code ?? e.status), e.message ?? "refused");
        }
        throw error;
      }
    },
    validSignature(signature, url, params) {
      if (!signature) return false;
      return twilio.validateRequest(token, signature, url, params);
    },
  };
}
