import {
  type Icon,
  IconCalendarEvent,
  IconCalendarTime,
  IconCoins,
  IconCreditCard,
  IconGift,
  IconHourglass,
  IconPackage,
  IconPlayerPlay,
  IconReceipt,
  IconRepeat,
  IconUser,
  IconWallet,
} from "@tabler/icons-react";
import type { AppConfig } from "../../../domain/app-config";
import { packagesPathSegment } from "../../lib/app-config";
import { copy } from "../../lib/copy";

export interface AccountNavItem {
  to: string;
  label: string;
  icon: Icon;
  /** Match the path exactly (the account home). */
  end?: boolean;
}

/** The account menu: "Menu" (booking) and "Mi Cuenta" (profile and billing), filtered by flags. */
export function accountNav(config: AppConfig): { menu: AccountNavItem[]; account: AccountNavItem[] } {
  const item = (show: boolean, entry: AccountNavItem) => (show ? [entry] : []);
  return {
    menu: [
      ...item(config.single_class_enabled, {
        to: "/mystudio",
        label: copy.account.calendar,
        icon: IconCalendarEvent,
        end: true,
      }),
      ...item(config.videos_enabled, {
        to: "/mystudio/online",
        label: copy.account.online,
        icon: IconPlayerPlay,
      }),
      { to: "/mystudio/reservaciones", label: copy.account.reservations, icon: IconCalendarTime },
      ...item(config.waitlist_enabled, {
        to: "/mystudio/waitlists",
        label: copy.account.waitlists,
        icon: IconHourglass,
      }),
      {
        to: `/mystudio/${packagesPathSegment(config)}`,
        label: config.class_packages_name || "Paquetes",
        icon: IconPackage,
      },
    ],
    account: [
      { to: "/mystudio/informacion", label: copy.account.profile, icon: IconUser },
      { to: "/mystudio/membresias", label: copy.account.purchases, icon: IconReceipt },
      ...item(config.subscriptions_enabled, {
        to: "/mystudio/pagos",
        label: copy.account.charges,
        icon: IconRepeat,
      }),
      { to: "/mystudio/metodos", label: copy.account.paymentMethods, icon: IconCreditCard },
      ...item(config.allow_restricted_class_types, {
        to: "/mystudio/creditos",
        label: copy.account.credits,
        icon: IconCoins,
      }),
      ...item(config.gift_cards_enabled, {
        to: "/mystudio/tarjetas-de-regalo",
        label: copy.account.giftCards,
        icon: IconGift,
      }),
      { to: "/mystudio/saldo", label: copy.account.balance, icon: IconWallet },
    ],
  };
}
