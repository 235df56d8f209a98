import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import type { AppConfig, AppConfigKey } from "../../domain/app-config";
import { ACCOUNT_ROUTE_SEGMENTS, RESERVED_SLUGS } from "../../domain/route-segments";
import { NotFoundPage } from "../features/content/pages/not-found-page";
import { useAppConfig } from "../lib/app-config";
import { PublicLayout } from "./layouts/public-layout";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

/**
 * Every route of the app. The public layout ships with the shell; every page, the account
 * layout and the admin layout are lazy chunks, so a visitor's first load stays small.
 * Static segments outrank "/:slug", so content pages never shadow the other routes.
 * Written as data-router route objects; app.tsx renders them with useRoutes after
 * element-routes.tsx turns `lazy` and `ErrorBoundary` into React.lazy and an error boundary.
 */

type BooleanKey = { [K in AppConfigKey]: AppConfig[K] extends boolean ? K : never }[AppConfigKey];

/** Renders a page only while its feature flag is on; otherwise the 404 page. */
function FeatureGate({ flag, page: Page }: { flag: BooleanKey; page: ComponentType }) {
  const config = useAppConfig();
  return config[flag] ? <Page /> : <NotFoundPage />;
}

/** A lazily loaded page; with `flag`, the page is a 404 while that feature is switched off. */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  flag?: BooleanKey,
): RouteObject["lazy"] {
  return async () => {
    const Page = pick(await load());
    return flag ? { element: <FeatureGate flag={flag} page={Page} /> } : { Component: Page };
  };
}

/** Account home: the calendar, unless single classes are off (then the first enabled section). */
function AccountHome({ calendar: Calendar }: { calendar: ComponentType }) {
  const config = useAppConfig();
  if (config.single_class_enabled) return <Calendar />;
  return <Navigate to={config.videos_enabled ? "/mystudio/online" : "/mystudio/reservaciones"} replace />;
}

const accountHome: RouteObject["lazy"] = async () => {
  const { AccountCalendarPage } = await import("../features/calendar/pages/account-calendar-page");
  return { element: <AccountHome calendar={AccountCalendarPage} /> };
};

/** Where the studio's packages path may not go: the site's own screens (domain/route-segments.ts owns the lists). */
const RESERVED_PUBLIC: ReadonlySet<string> = RESERVED_SLUGS;
const RESERVED_ACCOUNT: ReadonlySet<string> = new Set(ACCOUNT_ROUTE_SEGMENTS);

export function buildRoutes(packagesPath = "paquetes"): RouteObject[] {
  const packagesPage = page(
    () => import("../features/packages/pages/packages-page"),
    (m) => m.PackagesPage,
  );
  const accountPackagesPage = page(
    () => import("../features/packages/pages/account-packages-page"),
    (m) => m.AccountPackagesPage,
  );

  const publicRoutes: RouteObject[] = [
    {
      index: true,
      lazy: page(
        () => import("../features/content/pages/home-page"),
        (m) => m.HomePage,
      ),
    },
    {
      path: "entrar",
      lazy: page(
        () => import("../features/auth/pages/login-page"),
        (m) => m.LoginPage,
      ),
    },
    {
      path: "registro",
      lazy: page(
        () => import("../features/auth/pages/signup-page"),
        (m) => m.SignupPage,
      ),
    },
    {
      path: "recuperar",
      lazy: page(
        () => import("../features/auth/pages/recover-page"),
        (m) => m.RecoverPage,
      ),
    },
    {
      path: "restablecer",
      lazy: page(
        () => import("../features/auth/pages/reset-password-page"),
        (m) => m.ResetPasswordPage,
      ),
    },
    {
      path: "equipo/invitacion",
      lazy: page(
        () => import("../features/staff/pages/invitation-page"),
        (m) => m.InvitationPage,
      ),
    },
    {
      path: "confirmar-correo",
      lazy: page(
        () => import("../features/customers/pages/confirm-email-page"),
        (m) => m.ConfirmEmailPage,
      ),
    },
    {
      path: "calendario",
      lazy: page(
        () => import("../features/calendar/pages/public-calendar-page"),
        (m) => m.PublicCalendarPage,
        "single_class_enabled",
      ),
    },
    { path: "paquetes", lazy: packagesPage },
    ...(RESERVED_PUBLIC.has(packagesPath) ? [] : [{ path: packagesPath, lazy: packagesPage }]),
    {
      path: "avisos",
      lazy: page(
        () => import("../features/content/pages/announcements-page"),
        (m) => m.AnnouncementsPage,
      ),
    },
    {
      path: "ubicacion",
      lazy: page(
        () => import("../features/content/pages/location-page"),
        (m) => m.LocationPage,
      ),
    },
    {
      path: "coach/:id",
      lazy: page(
        () => import("../features/content/pages/coach-page"),
        (m) => m.CoachPage,
      ),
    },
    {
      path: "instructor/:id",
      lazy: page(
        () => import("../features/content/pages/instructor-page"),
        (m) => m.InstructorPage,
      ),
    },
    {
      path: "preguntas-frecuentes",
      lazy: page(
        () => import("../features/content/pages/faq-page"),
        (m) => m.FaqPage,
      ),
    },
    {
      path: "checkout/:id",
      lazy: page(
        () => import("../features/checkout/pages/checkout-page"),
        (m) => m.CheckoutPage,
      ),
    },
    {
      path: "gracias/:id",
      lazy: page(
        () => import("../features/checkout/pages/thank-you-page"),
        (m) => m.ThankYouPage,
      ),
    },
    {
      path: ":slug",
      lazy: page(
        () => import("../features/content/pages/content-page"),
        (m) => m.ContentPage,
      ),
    },
    { path: "*", Component: NotFoundPage },
  ];

  const accountRoutes: RouteObject[] = [
    { index: true, lazy: accountHome },
    {
      path: "online",
      lazy: page(
        () => import("../features/videos/pages/videos-page"),
        (m) => m.VideosPage,
        "videos_enabled",
      ),
    },
    {
      path: "video/:id",
      lazy: page(
        () => import("../features/videos/pages/video-page"),
        (m) => m.VideoPage,
        "videos_enabled",
      ),
    },
    {
      path: "reservaciones",
      lazy: page(
        () => import("../features/reservations/pages/reservations-page"),
        (m) => m.ReservationsPage,
      ),
    },
    {
      path: "waitlists",
      lazy: page(
        () => import("../features/waitlists/pages/waitlists-page"),
        (m) => m.WaitlistsPage,
        "waitlist_enabled",
      ),
    },
    { path: "paquetes", lazy: accountPackagesPage },
    ...(RESERVED_ACCOUNT.has(packagesPath) ? [] : [{ path: packagesPath, lazy: accountPackagesPage }]),
    {
      path: "informacion",
      lazy: page(
        () => import("../features/customers/pages/profile-page"),
        (m) => m.ProfilePage,
      ),
    },
    {
      path: "membresias",
      lazy: page(
        () => import("../features/purchases/pages/purchases-page"),
        (m) => m.PurchasesPage,
      ),
    },
    {
      path: "pagos",
      lazy: page(
        () => import("../features/purchases/pages/charges-page"),
        (m) => m.ChargesPage,
        "subscriptions_enabled",
      ),
    },
    {
      path: "metodos",
      lazy: page(
        () => import("../features/payment-methods/pages/payment-methods-page"),
        (m) => m.PaymentMethodsPage,
      ),
    },
    {
      path: "creditos",
      lazy: page(
        () => import("../features/credits/pages/credits-page"),
        (m) => m.CreditsPage,
        "allow_restricted_class_types",
      ),
    },
    // The carta responsiva (features/waivers, decision 0099).
    {
      path: "carta-responsiva",
      lazy: page(
        () => import("../features/waivers/pages/sign-waiver-page"),
        (m) => m.SignWaiverPage,
      ),
    },
    // Gift cards, saldo a favor and referrals (features/gift-cards, decisions 0090-0092).
    {
      path: "tarjetas-de-regalo",
      lazy: page(
        () => import("../features/gift-cards/pages/gift-cards-page"),
        (m) => m.GiftCardsPage,
        "gift_cards_enabled",
      ),
    },
    {
      path: "saldo",
      lazy: page(
        () => import("../features/gift-cards/pages/my-balance-page"),
        (m) => m.MyBalancePage,
      ),
    },
    { path: "*", Component: NotFoundPage },
  ];

  const adminRoutes: RouteObject[] = [
    // --- Admin: panel, customers, emails, audit log (features/admin) ---
    {
      index: true,
      lazy: page(
        () => import("../features/admin/pages/dashboard-page"),
        (m) => m.DashboardPage,
      ),
    },
    {
      path: "clientes",
      lazy: page(
        () => import("../features/admin/pages/customers-page"),
        (m) => m.CustomersPage,
      ),
    },
    {
      path: "clientes/:id",
      lazy: page(
        () => import("../features/admin/pages/customer-detail-page"),
        (m) => m.CustomerDetailPage,
      ),
    },
    {
      path: "correos",
      lazy: page(
        () => import("../features/admin/pages/outbox-page"),
        (m) => m.OutboxPage,
      ),
    },
    {
      path: "bitacora",
      lazy: page(
        () => import("../features/admin/pages/audit-page"),
        (m) => m.AuditPage,
      ),
    },
    // The cash close (decision 0063).
    {
      path: "corte-de-caja",
      lazy: page(
        () => import("../features/cash-close/pages/cash-close-page"),
        (m) => m.CashClosePage,
      ),
    },
    // The owner's reports (decision 0078).
    {
      path: "reportes",
      lazy: page(
        () => import("../features/reports/pages/reports-page"),
        (m) => m.ReportsPage,
      ),
    },
    // Wellhub and TotalPass (decisions 0102 to 0104).
    {
      path: "plataformas",
      lazy: page(
        () => import("../features/aggregators/pages/aggregators-page"),
        (m) => m.AggregatorsPage,
      ),
    },
    // --- end of the admin panel/customers block ---
    // --- Admin: staff roles, the team and the coach's day (features/staff, decision 0031) ---
    {
      path: "equipo",
      lazy: page(
        () => import("../features/staff/pages/staff-page"),
        (m) => m.StaffPage,
      ),
    },
    {
      path: "mis-clases",
      lazy: page(
        () => import("../features/staff/pages/my-classes-page"),
        (m) => m.MyClassesPage,
      ),
    },
    {
      path: "mis-clases/:id",
      lazy: page(
        () => import("../features/staff/pages/roster-page"),
        (m) => m.RosterPage,
      ),
    },
    {
      path: "mi-perfil",
      lazy: page(
        () => import("../features/staff/pages/my-profile-page"),
        (m) => m.MyProfilePage,
      ),
    },
    // --- Admin: check-in (features/attendance) ---
    {
      path: "reservaciones/:id",
      lazy: page(
        () => import("../features/attendance/pages/check-in-page"),
        (m) => m.CheckInPage,
      ),
    },
    {
      path: "clases/:id/asistencia",
      lazy: page(
        () => import("../features/attendance/pages/class-attendance-page"),
        (m) => m.ClassAttendancePage,
      ),
    },
    // --- Admin: lists of classes, purchases and waitlists (features/admin-lists) ---
    {
      path: "reservaciones",
      lazy: page(
        () => import("../features/admin-lists/pages/reservations-page"),
        (m) => m.ReservationsPage,
      ),
    },
    {
      path: "compras",
      lazy: page(
        () => import("../features/admin-lists/pages/purchases-page"),
        (m) => m.PurchasesPage,
      ),
    },
    {
      path: "listas-de-espera",
      lazy: page(
        () => import("../features/admin-lists/pages/waitlists-page"),
        (m) => m.WaitlistsPage,
      ),
    },
    // --- Admin: schedule, catalogue and settings (features/admin-schedule, features/admin-catalogue) ---
    {
      path: "horario",
      lazy: page(
        () => import("../features/admin-schedule/pages/schedule-page"),
        (m) => m.SchedulePage,
      ),
    },
    {
      path: "catalogo/:slug?",
      lazy: page(
        () => import("../features/admin-catalogue/pages/catalogue-route-page"),
        (m) => m.CatalogueRoutePage,
      ),
    },
    {
      path: "configuracion",
      lazy: page(
        () => import("../features/admin-catalogue/pages/app-config-page"),
        (m) => m.AppConfigPage,
      ),
    },
    // --- end of the schedule/catalogue block ---
    // --- Admin: forms with their custom fields, and the studio's files (features/admin-forms) ---
    {
      path: "formularios",
      lazy: page(
        () => import("../features/admin-forms/pages/forms-page"),
        (m) => m.FormsPage,
      ),
    },
    {
      path: "archivos",
      lazy: page(
        () => import("../features/admin-forms/pages/files-page"),
        (m) => m.FilesPage,
      ),
    },
    // --- end of the forms/files block ---
    // --- Admin: facturas CFDI (features/facturas, decision 0058) ---
    {
      path: "facturas",
      lazy: page(
        () => import("../features/facturas/pages/facturas-page"),
        (m) => m.FacturasPage,
      ),
    },
    // --- end of the facturas block ---
    // --- Admin: Hoy, the desk's home (features/front-desk) ---
    {
      path: "hoy",
      lazy: page(
        () => import("../features/front-desk/pages/today-page"),
        (m) => m.TodayPage,
      ),
    },
    // --- end of the Hoy block ---
    // --- Admin: the carta responsiva and substitute requests (decisions 0099, 0101) ---
    {
      path: "carta-responsiva",
      lazy: page(
        () => import("../features/waivers/pages/admin-waivers-page"),
        (m) => m.AdminWaiversPage,
      ),
    },
    {
      path: "suplencias",
      lazy: page(
        () => import("../features/substitutes/pages/substitutes-page"),
        (m) => m.SubstitutesPage,
      ),
    },
    // --- Admin: WhatsApp/SMS inbox and automations (features/messaging) ---
    {
      path: "mensajes",
      lazy: page(
        () => import("../features/messaging/pages/inbox-page"),
        (m) => m.InboxPage,
      ),
    },
    {
      path: "mensajes-automaticos",
      lazy: page(
        () => import("../features/messaging/pages/automations-page"),
        (m) => m.AutomationsPage,
      ),
    },
    // --- Admin: gift cards and retail at the counter (decisions 0090, 0094) ---
    {
      path: "tarjetas-de-regalo",
      lazy: page(
        () => import("../features/gift-cards/pages/admin-gift-cards-page"),
        (m) => m.AdminGiftCardsPage,
      ),
    },
    {
      path: "productos",
      lazy: page(
        () => import("../features/retail/pages/retail-page"),
        (m) => m.RetailPage,
      ),
    },
    { path: "*", Component: NotFoundPage },
  ];

  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          path: "/",
          Component: PublicLayout,
          children: [{ ErrorBoundary: RouteError, children: publicRoutes }],
        },
        {
          path: "/mystudio",
          lazy: () => import("./layouts/account-layout"),
          children: [{ ErrorBoundary: RouteError, children: accountRoutes }],
        },
        {
          path: "/admin",
          lazy: () => import("./layouts/admin-layout"),
          children: [{ ErrorBoundary: RouteError, children: adminRoutes }],
        },
        // The check-in kiosk: full screen, none of the site's chrome (features/kiosk, decision 0097).
        {
          path: "/kiosco",
          ErrorBoundary: RouteError,
          lazy: page(
            () => import("../features/kiosk/pages/kiosk-page"),
            (m) => m.KioskPage,
          ),
        },
      ],
    },
  ];
}
