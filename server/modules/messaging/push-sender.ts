import fs from "node:fs";
import https from "node:https";
import webPushImport from "web-push";
import type { AppConfigEnv } from "../../config";
import { cjsDefault } from "../../lib/cjs-default";
import { ProviderRateLimited } from "./twilio-sender";

/**
 * Web push with VAPID through the `web-push` library (decision 0087): the installed app's
 * subscription (endpoint + keys) receives an encrypted payload from the browser's push service.
 */
const webPush = cjsDefault(webPushImport);

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The push service says the subscription is gone (404/410): it is deleted. */
export class SubscriptionGone extends Error {}

export type PushSender = {
  publicKey: string;
  send(target: PushTarget, payload: { title: string; body: string; url?: string }): Promise<void>;
};

export function pushSender(config: AppConfigEnv): PushSender | null {
  const publicKey = config.VAPID_PUBLIC_KEY;
  const privateKey = config.VAPID_PRIVATE_KEY;
  if (!publicKey || !privateKey) return null;
  // Only a test double's certificate authority: real push services have public certificates.
  const agent = config.WEB_PUSH_CA_FILE
    ? new https.Agent({ ca: fs.readFileSync(config.WEB_PUSH_CA_FILE) })
    : undefined;
  return {
    publicKey,
    async send(target, payload) {
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: config.VAPID_SUBJECT, publicKey, privateKey },
            TTL: 3600,
            urgency: "normal",
            ...(agent ? { agent } : {}),
          },
        );
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) throw new SubscriptionGone("push subscription gone");
        if (status === 429) throw new ProviderRateLimited(null);
        throw error;
      }
    },
  };
}
