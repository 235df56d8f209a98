import type { FastifyInstance } from "fastify";
import type { CardGateway } from "./gateway";
import { createSandboxGateway } from "./sandbox";

/**
 * The card gateway of an app instance, chosen by PAYMENT_GATEWAY (sandbox by default). Built once
 * per app and kept beside it, so tests with their own config get their own gateway.
 */
const cache = new WeakMap<FastifyInstance["config"], CardGateway>();

export function cardGateway(app: Pick<FastifyInstance, "config">): CardGateway {
  let gateway = cache.get(app.config);
  if (!gateway) {
    gateway = createSandboxGateway(app.config.authSecret, app.config.publicUrl);
    cache.set(app.config, gateway);
  }
  return gateway;
}
