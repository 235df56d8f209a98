import type { RouteObject } from "react-router";
import { NotFoundPage } from "../../features/content/pages/not-found-page";
import { page } from "./lazy-page";

/** The back office under "/admin": every page is its own chunk, loaded only by staff. */
export function adminRoutes(): RouteObject[] {
  return [
    // --- Panel, customers, emails, audit log (features/admin) ---
    { index: true, lazy: page(() => import("../../features/admin/pages/dashboard-page"), "DashboardPage") },
    {
      path: "clientes",
      lazy: page(() => import("../../features/admin/pages/customers-page"), "CustomersPage"),
    },
    {
      path: "clientes/:id",
      lazy: page(() => import("../../features/admin/pages/customer-detail-page"), "CustomerDetailPage"),
    },
    { path: "correos", lazy: page(() => import("../../features/admin/pages/outbox-page"), "OutboxPage") },
    { path: "bitacora", lazy: page(() => import("../../features/admin/pages/audit-page"), "AuditPage") },
    // The cash close (decision 0063).
    {
      path: "corte-de-caja",
      lazy: page(() => import("../../features/cash-close/pages/cash-close-page"), "CashClosePage"),
    },
    // The owner's reports (decision 0078).
    {
      path: "reportes",
      lazy: page(() => import("../../features/reports/pages/reports-page"), "ReportsPage"),
    },
    // Wellhub and TotalPass (decisions 0102 to 0104).
    {
      path: "plataformas",
      lazy: page(() => import("../../features/aggregators/pages/aggregators-page"), "AggregatorsPage"),
    },
    // --- Staff roles, the team and the coach's day (features/staff, decision 0031) ---
    { path: "equipo", lazy: page(() => import("../../features/staff/pages/staff-page"), "StaffPage") },
    {
      path: "mis-clases",
      lazy: page(() => import("../../features/staff/pages/my-classes-page"), "MyClassesPage"),
    },
    {
      path: "mis-clases/:id",
      lazy: page(() => import("../../features/staff/pages/roster-page"), "RosterPage"),
    },
    {
      path: "mi-perfil",
      lazy: page(() => import("../../features/staff/pages/my-profile-page"), "MyProfilePage"),
    },
    // --- Check-in (features/attendance) ---
    {
      path: "reservaciones/:id",
      lazy: page(() => import("../../features/attendance/pages/check-in-page"), "CheckInPage"),
    },
    {
      path: "clases/:id/asistencia",
      lazy: page(
        () => import("../../features/attendance/pages/class-attendance-page"),
        "ClassAttendancePage",
      ),
    },
    // --- Lists of classes, purchases and waitlists (features/admin-lists) ---
    {
      path: "reservaciones",
      lazy: page(() => import("../../features/admin-lists/pages/reservations-page"), "ReservationsPage"),
    },
    {
      path: "compras",
      lazy: page(() => import("../../features/admin-lists/pages/purchases-page"), "PurchasesPage"),
    },
    {
      path: "listas-de-espera",
      lazy: page(() => import("../../features/admin-lists/pages/waitlists-page"), "WaitlistsPage"),
    },
    // --- Schedule, catalogue and settings (features/admin-schedule, features/admin-catalogue) ---
    {
      path: "horario",
      lazy: page(() => import("../../features/admin-schedule/pages/schedule-page"), "SchedulePage"),
    },
    {
      path: "catalogo/:slug?",
      lazy: page(
        () => import("../../features/admin-catalogue/pages/catalogue-route-page"),
        "CatalogueRoutePage",
      ),
    },
    {
      path: "configuracion",
      lazy: page(() => import("../../features/admin-catalogue/pages/app-config-page"), "AppConfigPage"),
    },
    // --- Forms with their custom fields, and the studio's files (features/admin-forms) ---
    {
      path: "formularios",
      lazy: page(() => import("../../features/admin-forms/pages/forms-page"), "FormsPage"),
    },
    {
      path: "archivos",
      lazy: page(() => import("../../features/admin-forms/pages/files-page"), "FilesPage"),
    },
    // --- Facturas CFDI (features/facturas, decision 0058) ---
    {
      path: "facturas",
      lazy: page(() => import("../../features/facturas/pages/facturas-page"), "FacturasPage"),
    },
    // --- Hoy, the desk's home (features/front-desk) ---
    { path: "hoy", lazy: page(() => import("../../features/front-desk/pages/today-page"), "TodayPage") },
    // --- The carta responsiva and substitute requests (decisions 0099, 0101) ---
    {
      path: "carta-responsiva",
      lazy: page(() => import("../../features/waivers/pages/admin-waivers-page"), "AdminWaiversPage"),
    },
    {
      path: "suplencias",
      lazy: page(() => import("../../features/substitutes/pages/substitutes-page"), "SubstitutesPage"),
    },
    // --- WhatsApp/SMS inbox and automations (features/messaging) ---
    { path: "mensajes", lazy: page(() => import("../../features/messaging/pages/inbox-page"), "InboxPage") },
    {
      path: "mensajes-automaticos",
      lazy: page(() => import("../../features/messaging/pages/automations-page"), "AutomationsPage"),
    },
    // --- Gift cards and retail at the counter (decisions 0090, 0094) ---
    {
      path: "tarjetas-de-regalo",
      lazy: page(() => import("../../features/gift-cards/pages/admin-gift-cards-page"), "AdminGiftCardsPage"),
    },
    { path: "productos", lazy: page(() => import("../../features/retail/pages/retail-page"), "RetailPage") },
    { path: "*", Component: NotFoundPage },
  ];
}
