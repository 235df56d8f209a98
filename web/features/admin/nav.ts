import {
  type Icon,
  IconBuildingStore,
  IconCalendarEvent,
  IconFiles,
  IconForms,
  IconHistory,
  IconHourglass,
  IconLayoutDashboard,
  IconMail,
  IconReceipt,
  IconSettings,
  IconTicket,
  IconUsers,
} from "@tabler/icons-react";
import { adminCopy } from "./copy";

/**
 * The back office's sections and their paths. The schedule and catalogue screens are declared in
 * web/app/router.tsx by their own block; these links only need the same paths.
 */
export type AdminNavItem = { to: string; label: string; icon?: Icon; end?: boolean };
export type AdminNavGroup = AdminNavItem & { children?: AdminNavItem[] };

const n = adminCopy.nav;

export const ADMIN_NAV: AdminNavGroup[] = [
  { to: "/admin", label: n.dashboard, icon: IconLayoutDashboard, end: true },
  { to: "/admin/clientes", label: n.customers, icon: IconUsers },
  { to: "/admin/horario", label: n.schedule, icon: IconCalendarEvent },
  { to: "/admin/reservaciones", label: n.reservations, icon: IconTicket },
  { to: "/admin/listas-de-espera", label: n.waitlists, icon: IconHourglass },
  { to: "/admin/compras", label: n.purchases, icon: IconReceipt },
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
];

export function isNavActive(pathname: string, item: Pick<AdminNavItem, "to" | "end">): boolean {
  if (item.end) return pathname === item.to || pathname === `${item.to}/`;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
