import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { ACCOUNT_ROUTE_SEGMENTS } from "../../../domain/route-segments";
import { NotFoundPage } from "../../features/content/pages/not-found-page";
import { useAppConfig } from "../../lib/app-config";
import { page } from "./lazy-page";

/** Account home: the calendar, unless single classes are off (then the first enabled section). */
function AccountHome({ calendar: Calendar }: { calendar: ComponentType }) {
  const config = useAppConfig();
  if (config.single_class_enabled) return <Calendar />;
  return <Navigate to={config.videos_enabled ? "/mystudio/online" : "/mystudio/reservaciones"} replace />;
}

const accountHome: RouteObject["lazy"] = async () => {
  const { AccountCalendarPage } = await import("../../features/calendar/pages/account-calendar-page");
  return { element: <AccountHome calendar={AccountCalendarPage} /> };
};

/** Where the studio's packages path may not go under /mystudio (domain/route-segments.ts owns the list). */
const RESERVED_ACCOUNT: ReadonlySet<string> = new Set(ACCOUNT_ROUTE_SEGMENTS);

/** The customer's account under "/mystudio" (Mi Estudio). */
export function accountRoutes(packagesPath: string): RouteObject[] {
  const packagesPage = page(
    () => import("../../features/packages/pages/account-packages-page"),
    "AccountPackagesPage",
  );
  return [
    { index: true, lazy: accountHome },
    {
      path: "online",
      lazy: page(() => import("../../features/videos/pages/videos-page"), "VideosPage", "videos_enabled"),
    },
    {
      path: "video/:id",
      lazy: page(() => import("../../features/videos/pages/video-page"), "VideoPage", "videos_enabled"),
    },
    {
      path: "reservaciones",
      lazy: page(() => import("../../features/reservations/pages/reservations-page"), "ReservationsPage"),
    },
    {
      path: "waitlists",
      lazy: page(
        () => import("../../features/waitlists/pages/waitlists-page"),
        "WaitlistsPage",
        "waitlist_enabled",
      ),
    },
    { path: "paquetes", lazy: packagesPage },
    ...(RESERVED_ACCOUNT.has(packagesPath) ? [] : [{ path: packagesPath, lazy: packagesPage }]),
    {
      path: "informacion",
      lazy: page(() => import("../../features/customers/pages/profile-page"), "ProfilePage"),
    },
    {
      path: "membresias",
      lazy: page(() => import("../../features/purchases/pages/purchases-page"), "PurchasesPage"),
    },
    {
      path: "pagos",
      lazy: page(
        () => import("../../features/purchases/pages/charges-page"),
        "ChargesPage",
        "subscriptions_enabled",
      ),
    },
    {
      path: "metodos",
      lazy: page(
        () => import("../../features/payment-methods/pages/payment-methods-page"),
        "PaymentMethodsPage",
      ),
    },
    {
      path: "creditos",
      lazy: page(
        () => import("../../features/credits/pages/credits-page"),
        "CreditsPage",
        "allow_restricted_class_types",
      ),
    },
    // The carta responsiva (features/waivers, decision 0099).
    {
      path: "carta-responsiva",
      lazy: page(() => import("../../features/waivers/pages/sign-waiver-page"), "SignWaiverPage"),
    },
    // Gift cards, saldo a favor and referrals (features/gift-cards, decisions 0090-0092).
    {
      path: "tarjetas-de-regalo",
      lazy: page(
        () => import("../../features/gift-cards/pages/gift-cards-page"),
        "GiftCardsPage",
        "gift_cards_enabled",
      ),
    },
    {
      path: "saldo",
      lazy: page(() => import("../../features/gift-cards/pages/my-balance-page"), "MyBalancePage"),
    },
    { path: "*", Component: NotFoundPage },
  ];
}
