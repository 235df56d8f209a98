import {
  type Icon,
  IconBuildingStore,
  IconCalendarEvent,
  IconCalendarUser,
  IconCash,
  IconChartBar,
  IconFileInvoice,
  IconFiles,
  IconForms,
  IconHistory,
  IconHourglass,
  IconLayoutDashboard,
  IconMail,
  IconReceipt,
  IconSettings,
  IconTicket,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { StaffRole } from "../../../domain/staff";
import { adminCopy } from "./copy";

/**
 * The back office's sections and their paths. The schedule and catalogue screens are declared in
 * web/app/router.tsx by their own block; these links only need the same paths.
 */
export type AdminNavItem = {
  to: string;
  label: string;
  icon?: Icon;
  end?: boolean;
  /**
   * Who sees it besides the owner (issue 26); unset = owner and manager. It mirrors
   * server/plugins/permissions.ts, which is the rule: hiding a link protects nothing.
   */
  roles?: readonly StaffRole[];
};
export type AdminNavGroup = AdminNavItem & { children?: AdminNavItem[] };

const n = adminCopy.nav;
const DESK: readonly StaffRole[] = ["manager", "front_desk"];

export const ADMIN_NAV: AdminNavGroup[] = [
  { to: "/admin", label: n.dashboard, icon: IconLayoutDashboard, end: true },
  { to: "/admin/mis-clases", label: "Mis clases", icon: IconCalendarUser, roles: ["coach"] },
  { to: "/admin/mi-perfil", label: "Mi perfil", icon: IconUserCircle, roles: ["coach"] },
  { to: "/admin/clientes", label: n.customers, icon: IconUsers, roles: DESK },
  { to: "/admin/horario", label: n.schedule, icon: IconCalendarEvent, roles: DESK },
  { to: "/admin/reservaciones", label: n.reservations, icon: IconTicket, roles: DESK },
  { to: "/admin/listas-de-espera", label: n.waitlists, icon: IconHourglass, roles: DESK },
  { to: "/admin/compras", label: n.purchases, icon: IconReceipt },
  // features/reports owns the screen (decision 0078): owner and manager.
  { to: "/admin/reportes", label: "Reportes", icon: IconChartBar },
  // Written here because features/facturas owns the screen (decision 0058); the desk issues facturas.
  { to: "/admin/facturas", label: "Facturas", icon: IconFileInvoice, roles: DESK },
  // features/cash-close owns the screen (decision 0063); the desk closes its day.
  { to: "/admin/corte-de-caja", label: "Corte de caja", icon: IconCash, roles: DESK },
  {
    to: "/admin/catalogo",
    label: n.catalogue,
    icon: IconBuildingStore,
    children: [
      { to: "/admin/catalogo/ubicaciones", label: n.locations },
      { to: "/admin/catalogo/tipos-de-clase", label: n.classTypes },
      { to: "/admin/catalogo/mapas-de-lugares", label: n.spotMaps },
      { to: "/admin/catalogo/categorias", label: n.categories },
      { to: "/admin/catalogo/coaches", label: n.coaches },
      { to: "/admin/catalogo/paquetes", label: n.packages },
      { to: "/admin/catalogo/descuentos", label: n.discounts },
      { to: "/admin/catalogo/metodos-de-pago", label: n.paymentMethods },
      { to: "/admin/catalogo/avisos", label: n.announcements },
      { to: "/admin/catalogo/paginas", label: n.pages },
      { to: "/admin/catalogo/etiquetas", label: n.tags },
      { to: "/admin/catalogo/tipos-de-video", label: n.videoTypes },
      { to: "/admin/catalogo/videos", label: n.videos },
      { to: "/admin/catalogo/programas", label: n.programs },
    ],
  },
  // Labels written here because features/admin-forms owns these screens (no imports across features).
  { to: "/admin/formularios", label: "Formularios", icon: IconForms },
  { to: "/admin/archivos", label: "Archivos", icon: IconFiles },
  { to: "/admin/correos", label: n.emails, icon: IconMail },
  { to: "/admin/bitacora", label: n.audit, icon: IconHistory },
  { to: "/admin/configuracion", label: n.settings, icon: IconSettings },
  { to: "/admin/equipo", label: "Equipo", icon: IconUsersGroup, roles: [] },
];

/** Owner: everything; others: the items listing their role (unset = owner and manager). */
export function roleSees(role: StaffRole, item: Pick<AdminNavItem, "roles">): boolean {
  if (role === "owner") return true;
  return item.roles ? item.roles.includes(role) : role === "manager";
}

export function navFor(role: StaffRole): AdminNavGroup[] {
  return ADMIN_NAV.filter((item) => roleSees(role, item)).map((item) =>
    item.children ? { ...item, children: item.children.filter((child) => roleSees(role, child)) } : item,
  );
}

/**
 * Screens a role may open besides its menu's: the check-in pages reached from a class or a QR.
 * Anything else under /admin sends them to their home.
 */
const EXTRA_PATHS: Partial<Record<StaffRole, RegExp[]>> = {
  front_desk: [
    /^\/admin\/reservaciones\/\d+$/,
    /^\/admin\/clases\/\d+\/asistencia$/,
    /^\/admin\/mis-clases(\/|$)/,
  ],
  manager: [/^\/admin\/mis-clases(\/|$)/, /^\/admin\/mi-perfil$/],
};

export function pathAllowed(role: StaffRole, pathname: string): boolean {
  if (role === "owner") return true;
  if (EXTRA_PATHS[role]?.some((re) => re.test(pathname))) return true;
  return navFor(role).some(
    (item) =>
      isNavActive(pathname, item) || (item.children ?? []).some((child) => isNavActive(pathname, child)),
  );
}

/** Where /admin takes each role: the dashboard for owner and manager (revenue), else their first screen. */
export function homeFor(role: StaffRole): string {
  if (role === "coach") return "/admin/mis-clases";
  if (role === "front_desk") return "/admin/clientes";
  return "/admin";
}

export function isNavActive(pathname: string, item: Pick<AdminNavItem, "to" | "end">): boolean {
  if (item.end) return pathname === item.to || pathname === `${item.to}/`;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
