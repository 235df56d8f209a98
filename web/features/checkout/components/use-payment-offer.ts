import type { AppConfig } from "../../../../domain/app-config";
import { usePaymentProviders } from "../../../lib/payment-providers";
import type { ClassPackage } from "../../packages/public";
import type { CheckoutOption } from "../api";
import { checkoutCopy } from "../copy";
import type { Choice } from "../payment-choice";

/**
 * The ways to pay this package, in the order shown (docs/product-rules.md#checkout): the online
 * ones first (card, the wallet, then OXXO and SPEI, which are paid elsewhere but started here),
 * cash at the studio last; and the name each one shows.
 */
export function usePaymentOffer(pkg: ClassPackage, options: CheckoutOption[], config: AppConfig) {
  const providers = usePaymentProviders();
  const cashOption = options.find((o) => o.provider === "cash");
  const cardOption = options.find((o) => o.provider === "card");
  // The web plays only the sandbox's wallet (there is no PayPal button script here).
  const walletOption =
    providers.data?.wallet === "sandbox" ? options.find((o) => o.provider === "paypal") : undefined;
  // OXXO and SPEI (decision 0034): one-off packages only, when the studio offers them.
  const offline = !pkg.is_subscription;
  const offered: Choice[] = [
    ...(cardOption || !cashOption ? (["card"] as const) : []),
    ...(walletOption ? (["wallet"] as const) : []),
    ...(config.oxxo_enabled && offline ? (["oxxo"] as const) : []),
    ...(config.spei_enabled && offline ? (["spei"] as const) : []),
    ...(cashOption ? (["cash"] as const) : []),
  ];
  const label = (value: Choice): string =>
    ({
      card: cardOption?.name ?? checkoutCopy.card,
      cash: cashOption?.name ?? "",
      wallet: walletOption?.name || checkoutCopy.wallet,
      oxxo: checkoutCopy.oxxo,
      spei: checkoutCopy.spei,
    })[value];
  return { cashOption, cardOption, walletOption, offered, label, cardProvider: providers.data?.card };
}
