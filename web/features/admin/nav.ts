import {
  type Icon,
  IconBuildingStore,
  IconCalendarEvent,
  IconCalendarTime,
  IconCalendarUser,
  IconCash,
  IconChartBar,
  IconFileInvoice,
  IconFiles,
  IconForms,
  IconGift,
  IconHistory,
  IconHourglass,
  IconLayoutDashboard,
  IconMail,
  IconMessageBolt,
  IconMessages,
  IconReceipt,
  IconReplace,
  IconSettings,
  IconShoppingBag,
  IconSignature,
  IconTicket,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { StaffRole } from "../../../domain/staff";
import { roleMayCall } from "../../../domain/staff-permissions";
import { adminCopy } from "./copy";

/**
 * The back office's sections and their paths. The schedule and catalogue screens are declared in
 * web/app/routes/admin-routes.ts by their own block; these links only need the same paths.
 */
export type AdminNavItem = {
  to: string;
  label: string;
  icon?: Icon;
  end?: boolean;
  /**
   * The route the screen is for, keyed as the permissions table keys it
   * (domain/staff-permissions.ts, which the server enforces): a role sees the link exactly when it
   * may call this route (decision 0069). Hiding a link protects nothing; the table is the rule.
   */
  route: string;
  /**
   * Narrows who gets the link among those allowed (a screen meant for one role, such as a coach's
   * own day), never widens it. Unset: everyone the route allows.
   */
  audience?: readonly StaffRole[];
};
export type AdminNavGroup = AdminNavItem & { children?: AdminNavItem[] };

const n = adminCopy.nav;

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    to: "/admin",
    label: n.dashboard,
    icon: IconLayoutDashboard,
    end: true,
    route: "GET /api/admin/dashboard",
  },
  {
    to: "/admin/mis-clases",
    label: "Mis clases",
    icon: IconCalendarUser,
    route: "GET /api/staff/me/classes",
    audience: ["coach"],
  },
  {
    to: "/admin/mi-perfil",
    label: "Mi perfil",
    icon: IconUserCircle,
    route: "GET /api/staff/me/profile",
    audience: ["coach"],
  },
  { to: "/admin/clientes", label: n.customers, icon: IconUsers, route: "GET /api/customer/admin/all" },
  { to: "/admin/horario", label: n.schedule, icon: IconCalendarEvent, route: "GET /api/admin/lists/classes" },
  {
    to: "/admin/reservaciones",
    label: n.reservations,
    icon: IconTicket,
    route: "GET /api/admin/lists/reservations",
  },
  {
    to: "/admin/listas-de-espera",
    label: n.waitlists,
    icon: IconHourglass,
    route: "GET /api/admin/lists/waitlists",
  },
  { to: "/admin/compras", label: n.purchases, icon: IconReceipt, route: "GET /api/admin/lists/purchases" },
  // features/reports owns the screen (decision 0078): owner and manager.
  { to: "/admin/reportes", label: "Reportes", icon: IconChartBar, route: "GET /api/reportes/utilizacion" },
  // Written here because features/facturas owns the screen (decision 0058); the desk issues facturas.
  { to: "/admin/facturas", label: "Facturas", icon: IconFileInvoice, route: "GET /api/facturas/admin" },
  // features/cash-close owns the screen (decision 0063); the desk closes its day.
  { to: "/admin/corte-de-caja", label: "Corte de caja", icon: IconCash, route: "GET /api/corte-de-caja" },
  {
    to: "/admin/catalogo",
    label: n.catalogue,
    icon: IconBuildingStore,
    route: "POST /api/locations",
    children: [
      { to: "/admin/catalogo/ubicaciones", label: n.locations, route: "POST /api/locations" },
      { to: "/admin/catalogo/tipos-de-clase", label: n.classTypes, route: "POST /api/class_types" },
      { to: "/admin/catalogo/mapas-de-lugares", label: n.spotMaps, route: "POST /api/custom_spot_maps" },
      { to: "/admin/catalogo/categorias", label: n.categories, route: "POST /api/class_categories" },
      { to: "/admin/catalogo/coaches", label: n.coaches, route: "POST /api/instructors" },
      { to: "/admin/catalogo/paquetes", label: n.packages, route: "POST /api/class_packages" },
      { to: "/admin/catalogo/descuentos", label: n.discounts, route: "GET /api/discounts/admin/all" },
      { to: "/admin/catalogo/metodos-de-pago", label: n.paymentMethods, route: "POST /api/payment_methods" },
      { to: "/admin/catalogo/avisos", label: n.announcements, route: "POST /api/announcements" },
      { to: "/admin/catalogo/paginas", label: n.pages, route: "POST /api/pages" },
      { to: "/admin/catalogo/etiquetas", label: n.tags, route: "POST /api/tags" },
      { to: "/admin/catalogo/tipos-de-video", label: n.videoTypes, route: "GET /api/admin/video_types" },
      { to: "/admin/catalogo/videos", label: n.videos, route: "GET /api/admin/videos" },
      { to: "/admin/catalogo/programas", label: n.programs, route: "POST /api/programs" },
    ],
  },
  // Labels written here because features/admin-forms owns these screens (no imports across features).
  { to: "/admin/formularios", label: "Formularios", icon: IconForms, route: "POST /api/forms" },
  { to: "/admin/archivos", label: "Archivos", icon: IconFiles, route: "POST /api/files" },
  { to: "/admin/correos", label: n.emails, icon: IconMail, route: "GET /api/admin/outbox" },
  { to: "/admin/bitacora", label: n.audit, icon: IconHistory, route: "GET /api/admin/audit" },
  { to: "/admin/configuracion", label: n.settings, icon: IconSettings, route: "PUT /api/appconfig" },
  { to: "/admin/equipo", label: "Equipo", icon: IconUsersGroup, route: "GET /api/staff" },
  // features/front-desk owns Hoy, the desk's home (docs/product-rules.md#hoy); coaches have Mis clases.
  { to: "/admin/hoy", label: "Hoy", icon: IconCalendarTime, route: "GET /api/admin/hoy" },
  // features/waivers and features/substitutes own these screens (decisions 0099, 0101).
  {
    to: "/admin/carta-responsiva",
    label: "Carta responsiva",
    icon: IconSignature,
    route: "GET /api/admin/waivers",
  },
  { to: "/admin/suplencias", label: "Suplencias", icon: IconReplace, route: "GET /api/substitute-requests" },
  // features/aggregators owns the screen (decisions 0102 to 0104); the desk sees the visits.
  {
    to: "/admin/plataformas",
    label: "Plataformas",
    icon: IconBuildingStore,
    route: "GET /api/admin/aggregators/visits",
  },
  // features/messaging owns these screens (docs/product-rules.md#messaging-inbox): the desk answers,
  // owner and manager see the automations (reached from the inbox too).
  { to: "/admin/mensajes", label: "Mensajes", icon: IconMessages, route: "GET /api/admin/messaging/inbox" },
  {
    to: "/admin/mensajes-automaticos",
    label: "Mensajes automáticos",
    icon: IconMessageBolt,
    route: "GET /api/admin/messaging/automations",
  },
  // features/gift-cards and features/retail own these screens (decisions 0090, 0094); the desk sells.
  {
    to: "/admin/tarjetas-de-regalo",
    label: "Tarjetas de regalo",
    icon: IconGift,
    route: "GET /api/gift-cards/admin",
  },
  { to: "/admin/productos", label: "Productos", icon: IconShoppingBag, route: "GET /api/retail/products" },
];

/**
 * Whether a role gets a screen: it may call the screen's route, and is among its audience if any.
 * The owner passes every audience but the coach's: "Mis clases" and "Mi perfil" are for an owner
 * who also teaches (`teaches`: their login has a coach profile), not one who only runs the studio.
 */
export function roleSees(
  role: StaffRole,
  item: Pick<AdminNavItem, "route" | "audience">,
  teaches = false,
): boolean {
  if (item.audience && !item.audience.includes(role)) {
    if (role !== "owner") return false;
    if (item.audience.every((r) => r === "coach") && !teaches) return false;
  }
  return roleMayCall(role, item.route);
}

export function navFor(role: StaffRole, teaches = false): AdminNavGroup[] {
  return ADMIN_NAV.filter((item) => roleSees(role, item, teaches)).map((item) =>
    item.children
      ? { ...item, children: item.children.filter((child) => roleSees(role, child, teaches)) }
      : item,
  );
}

/**
 * Screens a role may open besides its menu's (the check-in pages reached from a class or a QR; a
 * manager's or a desk person's own classes when they also teach), each with the route it is for.
 * Anything else under /admin sends them to their home.
 */
// The check-in screens are the desk's (a coach checks in from their own roster).
const DESK_PEOPLE: readonly StaffRole[] = ["manager", "front_desk"];

export const EXTRA_SCREENS: { pattern: RegExp; route: string; audience?: readonly StaffRole[] }[] = [
  {
    pattern: /^\/admin\/reservaciones\/\d+$/,
    route: "GET /api/admin/class_reservations/:id",
    audience: DESK_PEOPLE,
  },
  {
    pattern: /^\/admin\/clases\/\d+\/asistencia$/,
    route: "GET /api/admin/single_class/:id/attendance",
    audience: DESK_PEOPLE,
  },
  { pattern: /^\/admin\/mis-clases(\/|$)/, route: "GET /api/staff/me/classes" },
  { pattern: /^\/admin\/mi-perfil$/, route: "GET /api/staff/me/profile", audience: ["manager"] },
];

export function pathAllowed(role: StaffRole, pathname: string): boolean {
  if (role === "owner") return true;
  if (EXTRA_SCREENS.some((screen) => screen.pattern.test(pathname) && roleSees(role, screen))) return true;
  return navFor(role).some(
    (item) =>
      isNavActive(pathname, item) || (item.children ?? []).some((child) => isNavActive(pathname, child)),
  );
}

/** Where /admin takes each role: the dashboard for owner and manager (revenue), else their first screen. */
export function homeFor(role: StaffRole): string {
  if (role === "coach") return "/admin/mis-clases";
  // Hoy is the desk's home (docs/product-rules.md#hoy).
  if (role === "front_desk") return "/admin/hoy";
  return "/admin";
}

export function isNavActive(pathname: string, item: Pick<AdminNavItem, "to" | "end">): boolean {
  if (item.end) return pathname === item.to || pathname === `${item.to}/`;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
