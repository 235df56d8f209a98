import type { AppConfigEnv } from "../../config";
import { type PushSender, pushSender } from "./push-sender";
import { type TextSender, twilioSender } from "./twilio-sender";

/** The providers the environment configures, built once per configuration (null: not configured). */
const built = new WeakMap<AppConfigEnv, { text: TextSender | null; push: PushSender | null }>();

export function providersOf(config: AppConfigEnv) {
  let found = built.get(config);
  if (!found) {
    found = { text: twilioSender(config), push: pushSender(config) };
    built.set(config, found);
  }
  return found;
}
