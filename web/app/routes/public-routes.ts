import type { RouteObject } from "react-router";
import { RESERVED_SLUGS } from "../../../domain/route-segments";
import { NotFoundPage } from "../../features/content/pages/not-found-page";
import { page } from "./lazy-page";

/** Where the studio's packages path may not go: the site's own screens (domain/route-segments.ts owns the list). */
const RESERVED_PUBLIC: ReadonlySet<string> = RESERVED_SLUGS;

/**
 * The public site under "/": the visitor's pages, sign-in and sign-up, checkout and the content
 * pages. Static segments outrank "/:slug", so content pages never shadow the other routes.
 */
export function publicRoutes(packagesPath: string): RouteObject[] {
  const packagesPage = page(() => import("../../features/packages/pages/packages-page"), "PackagesPage");
  return [
    { index: true, lazy: page(() => import("../../features/content/pages/home-page"), "HomePage") },
    { path: "entrar", lazy: page(() => import("../../features/auth/pages/login-page"), "LoginPage") },
    { path: "registro", lazy: page(() => import("../../features/auth/pages/signup-page"), "SignupPage") },
    { path: "recuperar", lazy: page(() => import("../../features/auth/pages/recover-page"), "RecoverPage") },
    {
      path: "restablecer",
      lazy: page(() => import("../../features/auth/pages/reset-password-page"), "ResetPasswordPage"),
    },
    {
      path: "equipo/invitacion",
      lazy: page(() => import("../../features/staff/pages/invitation-page"), "InvitationPage"),
    },
    {
      path: "confirmar-correo",
      lazy: page(() => import("../../features/customers/pages/confirm-email-page"), "ConfirmEmailPage"),
    },
    {
      path: "calendario",
      lazy: page(
        () => import("../../features/calendar/pages/public-calendar-page"),
        "PublicCalendarPage",
        "single_class_enabled",
      ),
    },
    { path: "paquetes", lazy: packagesPage },
    ...(RESERVED_PUBLIC.has(packagesPath) ? [] : [{ path: packagesPath, lazy: packagesPage }]),
    {
      path: "avisos",
      lazy: page(() => import("../../features/content/pages/announcements-page"), "AnnouncementsPage"),
    },
    {
      path: "ubicacion",
      lazy: page(() => import("../../features/content/pages/location-page"), "LocationPage"),
    },
    { path: "coach/:id", lazy: page(() => import("../../features/content/pages/coach-page"), "CoachPage") },
    {
      path: "instructor/:id",
      lazy: page(() => import("../../features/content/pages/instructor-page"), "InstructorPage"),
    },
    {
      path: "preguntas-frecuentes",
      lazy: page(() => import("../../features/content/pages/faq-page"), "FaqPage"),
    },
    {
      path: "checkout/:id",
      lazy: page(() => import("../../features/checkout/pages/checkout-page"), "CheckoutPage"),
    },
    {
      path: "gracias/:id",
      lazy: page(() => import("../../features/checkout/pages/thank-you-page"), "ThankYouPage"),
    },
    { path: ":slug", lazy: page(() => import("../../features/content/pages/content-page"), "ContentPage") },
    { path: "*", Component: NotFoundPage },
  ];
}
