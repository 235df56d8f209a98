import fs from "node:fs";
import https from "node:https";
import { inject } from "vitest";
import type { PushSubscriptionKeys, ReceivedPush } from "../test/doubles/messaging/push-service-fake";

/**
 * The push double from a journey's process (it runs in e2e/global-setup.ts): headless Chromium
 * has no push service to subscribe to ("Registration failed - permission denied"), so a journey
 * asks the double for the device the browser would have got, and reads what reached it, decrypted
 * as the installed app decrypts it.
 */
function askDouble<T>(method: "GET" | "POST", path: string): Promise<T> {
  const { origin, caFile } = inject("pushService");
  return new Promise((resolve, reject) => {
    const req = https.request(`${origin}${path}`, { method, ca: fs.readFileSync(caFile) }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () =>
        res.statusCode === 200
          ? resolve(JSON.parse(text) as T)
          : reject(new Error(`${path}: ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

export function newPushDevice(): Promise<PushSubscriptionKeys> {
  return askDouble("POST", "/devices");
}

export function pushesReceived(device: PushSubscriptionKeys): Promise<ReceivedPush[]> {
  return askDouble("GET", `/devices/${device.endpoint.replace(/^.*\/push\//, "")}/received`);
}
