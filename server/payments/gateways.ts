import type { FastifyInstance } from "fastify";
import type { CardGateway } from "./gateway";
import { createMercadoPagoClient, type MercadoPagoClient } from "./mercadopago";
import { createPaypalClient, type PaypalClient } from "./paypal";
import { createSandboxGateway } from "./sandbox";
import { createSandboxWallet, type WalletClient } from "./sandbox-wallet";
import { createStripeGateway } from "./stripe";

/** Money is charged in Mexican pesos (the studio's prices are MXN). */
export const CURRENCY = "mxn";

/**
 * The card gateway of an app instance, chosen by PAYMENT_GATEWAY (sandbox by default; paypal is a
 * wallet beside the card, so the card stays on the sandbox then). Built once per app and kept
 * beside it, so tests with their own config get their own gateway.
 */
const cache = new WeakMap<FastifyInstance["config"], CardGateway>();
const sandboxCache = new WeakMap<FastifyInstance["config"], CardGateway>();

export function cardGateway(app: Pick<FastifyInstance, "config">): CardGateway {
  let gateway = cache.get(app.config);
  if (!gateway) {
    const config = app.config;
    gateway =
      config.PAYMENT_GATEWAY === "stripe"
        ? createStripeGateway({
            // loadConfig refuses PAYMENT_GATEWAY=stripe without both keys.
            secretKey: config.STRIPE_SECRET_KEY!,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
            currency: CURRENCY,
            apiUrl: config.STRIPE_API_URL,
          })
        : sandboxGateway(app);
    cache.set(app.config, gateway);
  }
  return gateway;
}

/** The sandbox processor itself: its subscriptions keep renewing with it whatever the current choice. */
export function sandboxGateway(app: Pick<FastifyInstance, "config">): CardGateway {
  let gateway = sandboxCache.get(app.config);
  if (!gateway) {
    gateway = createSandboxGateway(app.config.authSecret, app.config.publicUrl);
    sandboxCache.set(app.config, gateway);
  }
  return gateway;
}

const paypalCache = new WeakMap<FastifyInstance["config"], PaypalClient>();

/** The PayPal wallet, offered beside the card when its keys are set (null otherwise). */
export function paypalClient(app: Pick<FastifyInstance, "config">): PaypalClient | null {
  const config = app.config;
  if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) return null;
  let client = paypalCache.get(config);
  if (!client) {
    client = createPaypalClient({
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      apiUrl: config.PAYPAL_API_URL,
      currency: CURRENCY,
      webhookId: config.PAYPAL_WEBHOOK_ID ?? null,
    });
    paypalCache.set(config, client);
  }
  return client;
}

const mercadopagoCache = new WeakMap<FastifyInstance["config"], MercadoPagoClient>();

/** Mercado Pago (Checkout Pro, preapprovals), offered when its keys are set (null otherwise). */
export function mercadopagoClient(app: Pick<FastifyInstance, "config">): MercadoPagoClient | null {
  const config = app.config;
  if (!config.MERCADOPAGO_ACCESS_TOKEN || !config.MERCADOPAGO_WEBHOOK_SECRET) return null;
  let client = mercadopagoCache.get(config);
  if (!client) {
    client = createMercadoPagoClient({
      accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET,
      apiUrl: config.MERCADOPAGO_API_URL,
      currency: CURRENCY,
    });
    mercadopagoCache.set(config, client);
  }
  return client;
}

const walletCache = new WeakMap<FastifyInstance["config"], WalletClient>();

/**
 * The wallet of the checkout: PayPal when its keys are set; otherwise, only while the card is the
 * sandbox too (no real money anywhere), the sandbox playing the wallet, so the demo shows every
 * payment path without keys. With Stripe and no PayPal keys there is no wallet (null): a
 * simulated wallet beside real card payments would give packages away.
 */
export function walletClient(app: Pick<FastifyInstance, "config">): WalletClient | null {
  const paypal = paypalClient(app);
  if (paypal) return paypal;
  if (app.config.PAYMENT_GATEWAY !== "sandbox") return null;
  let wallet = walletCache.get(app.config);
  if (!wallet) {
    wallet = createSandboxWallet(app.config.authSecret);
    walletCache.set(app.config, wallet);
  }
  return wallet;
}

/** Which processor plays each payment path (the web picks its card field and wallet button by it). */
export function paymentProviders(app: Pick<FastifyInstance, "config">) {
  return {
    card: cardGateway(app).name,
    wallet: paypalClient(app) ? ("paypal" as const) : walletClient(app) ? ("sandbox" as const) : null,
  };
}

const sandboxWalletCache = new WeakMap<FastifyInstance["config"], WalletClient>();

/**
 * What refunds a purchase's payment: its own processor, whatever is chosen for new payments
 * now (a sandbox payment stays the sandbox's; a simulated wallet order, SBX-…, the simulated
 * wallet's). null when that processor is not configured any more (Stripe keys removed).
 */
export function refundGatewayFor(
  app: Pick<FastifyInstance, "config">,
  provider: string,
  paymentRef: string,
): Pick<CardGateway, "refund"> | null {
  if (provider === "sandbox") return sandboxGateway(app);
  if (provider === "stripe") return app.config.PAYMENT_GATEWAY === "stripe" ? cardGateway(app) : null;
  if (provider === "mercadopago") return mercadopagoClient(app);
  if (provider !== "paypal") return null;
  if (paymentRef.startsWith("SBX-")) {
    let wallet = sandboxWalletCache.get(app.config);
    if (!wallet) {
      wallet = createSandboxWallet(app.config.authSecret);
      sandboxWalletCache.set(app.config, wallet);
    }
    return wallet;
  }
  return paypalClient(app);
}

/**
 * What a recorded card charge is asked of again (decision 0066): the processor it was made with,
 * whatever is chosen for new payments now. null when that processor is not configured any more.
 */
export function chargeGatewayFor(app: Pick<FastifyInstance, "config">, provider: string): CardGateway | null {
  if (provider === "sandbox") return sandboxGateway(app);
  if (provider === "stripe") return app.config.PAYMENT_GATEWAY === "stripe" ? cardGateway(app) : null;
  return null;
}

/** The processor billing a purchase's subscription, to stop or pause it (null: our scheduler bills it). */
export function subscriptionGatewayFor(
  app: Pick<FastifyInstance, "config">,
  provider: string,
): (Pick<CardGateway, "cancelSubscription"> & Partial<Pick<CardGateway, "pauseSubscription">>) | null {
  if (provider === "stripe" && app.config.PAYMENT_GATEWAY === "stripe") return cardGateway(app);
  if (provider === "sandbox") return sandboxGateway(app);
  if (provider === "paypal") return paypalClient(app);
  if (provider === "mercadopago") return mercadopagoClient(app);
  return null;
}
