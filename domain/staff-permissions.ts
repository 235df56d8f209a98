import type { StaffRole } from "./staff";

/**
 * Who may call each back-office route (docs/decisions/0031-staff-roles-and-permissions.md).
 * ONE table: the key is "METHOD /api/path" as Fastify registers it, the value the staff roles that
 * may call it. Routes keep `preHandler: requireAdmin`; requireAdmin (server/plugins/permissions.ts) reads this
 * table, and the web reads the same table to show each role only what it may use (decision 0069). The owner may
 * call everything and is not listed. A route behind requireAdmin with no entry here answers only
 * owner and manager, and server/security/route-access.test.ts fails until it gets one.
 *
 * `coach` narrows a coach to their own objects: "class" = the :id in the path is a class they
 * teach, "reservation" = the :id is a reservation in such a class, "self" = the handler scopes by
 * the signed-in coach (their own classes, their own profile).
 */
export type Permission = {
  roles: readonly Exclude<StaffRole, "owner">[];
  coach?: "class" | "reservation" | "self";
};

const OWNER: Permission = { roles: [] };
const MANAGE: Permission = { roles: ["manager"] };
const DESK: Permission = { roles: ["manager", "front_desk"] };
const DESK_COACH_CLASS: Permission = { roles: ["manager", "front_desk", "coach"], coach: "class" };
const DESK_COACH_RESERVATION: Permission = {
  roles: ["manager", "front_desk", "coach"],
  coach: "reservation",
};
const EVERY_STAFF_SELF: Permission = { roles: ["manager", "front_desk", "coach"], coach: "self" };

export const PERMISSIONS: Record<string, Permission> = {
  // Settings, content and catalogue: owner and manager.
  "PUT /api/appconfig": MANAGE,
  "POST /api/pages": MANAGE,
  "PUT /api/pages": MANAGE,
  "DELETE /api/pages/:page": MANAGE,
  "POST /api/announcements": MANAGE,
  "PUT /api/announcements": MANAGE,
  "DELETE /api/announcements/:id": MANAGE,
  "POST /api/tags": MANAGE,
  "PUT /api/tags": MANAGE,
  "DELETE /api/tags/:id": MANAGE,
  "POST /api/instructors": MANAGE,
  "PUT /api/instructors": MANAGE,
  "DELETE /api/instructors/:id": MANAGE,
  "POST /api/programs": MANAGE,
  "PUT /api/programs": MANAGE,
  "DELETE /api/programs/:id": MANAGE,
  "POST /api/forms": MANAGE,
  "PUT /api/forms": MANAGE,
  "DELETE /api/forms/:id": MANAGE,
  "POST /api/custom_fields": MANAGE,
  "PUT /api/custom_fields": MANAGE,
  "DELETE /api/custom_fields/:id": MANAGE,
  "POST /api/payment_methods": MANAGE,
  "PUT /api/payment_methods": MANAGE,
  "DELETE /api/payment_methods/:id": MANAGE,
  "GET /api/discounts/admin/all": MANAGE,
  "GET /api/discounts/:id": MANAGE,
  "POST /api/discounts": MANAGE,
  "PUT /api/discounts": MANAGE,
  "DELETE /api/discounts/:id": MANAGE,
  "POST /api/class_packages": MANAGE,
  "PUT /api/class_packages": MANAGE,
  "DELETE /api/class_packages/:id": MANAGE,
  "POST /api/class_packages/:list/home": MANAGE,
  "DELETE /api/class_packages/:list/home/:id": MANAGE,
  "GET /api/admin/video_types": MANAGE,
  "GET /api/admin/video_types/:id": MANAGE,
  "POST /api/video_types": MANAGE,
  "PUT /api/video_types": MANAGE,
  "DELETE /api/video_types/:id": MANAGE,
  "GET /api/admin/videos": MANAGE,
  "GET /api/admin/videos/:id": MANAGE,
  "POST /api/videos": MANAGE,
  "PUT /api/videos": MANAGE,
  "DELETE /api/videos/:id": MANAGE,
  "POST /api/locations": MANAGE,
  "PUT /api/locations": MANAGE,
  "DELETE /api/locations/:id": MANAGE,
  "POST /api/class_types": MANAGE,
  "PUT /api/class_types": MANAGE,
  "DELETE /api/class_types/:id": MANAGE,
  "POST /api/class_categories": MANAGE,
  "PUT /api/class_categories": MANAGE,
  "DELETE /api/class_categories/:id": MANAGE,
  "POST /api/custom_spot_maps": MANAGE,
  "PUT /api/custom_spot_maps": MANAGE,
  "DELETE /api/custom_spot_maps/:id": MANAGE,
  // Schedule: the desk reads it, owner and manager change it.
  "POST /api/single_class": MANAGE,
  "PUT /api/single_class": MANAGE,
  "DELETE /api/single_class/:id": MANAGE,
  "POST /api/single_class/repeat": MANAGE,
  "POST /api/single_class/copy-week": MANAGE,
  "GET /api/admin/locations": DESK,
  "GET /api/admin/locations/:id": DESK,
  "GET /api/admin/class_types": DESK,
  "GET /api/admin/class_types/:id": DESK,
  "GET /api/admin/class_categories": DESK,
  "GET /api/admin/class_categories/:id": DESK,
  "GET /api/admin/custom_spot_maps": DESK,
  "GET /api/admin/custom_spot_maps/:id": DESK,
  "GET /api/admin/lists/classes": DESK,
  "GET /api/admin/single_class/cancelled": DESK,
  // Changing a booked class (what it touches), substituting a coach: owner and manager (decision 0026).
  "GET /api/admin/single_class/:id/change-impact": MANAGE,
  "GET /api/admin/instructors/:id/classes": MANAGE,
  "POST /api/admin/substitutions": MANAGE,
  // Revenue, the studio's email and the audit log: owner and manager.
  "GET /api/admin/dashboard": MANAGE,
  "GET /api/admin/lists/purchases": MANAGE,
  "GET /api/admin/lists/invoices": MANAGE,
  "GET /api/admin/outbox": MANAGE,
  "GET /api/admin/audit": MANAGE,
  "GET /api/admin/audit/actors": MANAGE,
  // Bookings, check-in and attendance: the desk; a coach for the classes they teach.
  "GET /api/admin/lists/reservations": DESK,
  "GET /api/admin/lists/waitlists": DESK,
  "DELETE /api/admin/lists/waitlists/:id": DESK,
  "GET /api/admin/single_class/:id/reservations": DESK_COACH_CLASS,
  "GET /api/admin/single_class/:id/attendance": DESK_COACH_CLASS,
  "POST /api/admin/single_class/:id/check_in_all": DESK_COACH_CLASS,
  "POST /api/admin/single_class/:id/walk_in": DESK,
  "GET /api/admin/class_reservations/:id": DESK_COACH_RESERVATION,
  "PUT /api/admin/class_reservations/:id/attend": DESK_COACH_RESERVATION,
  "PUT /api/admin/class_reservations/:id/check_in": DESK_COACH_RESERVATION,
  "GET /api/class_packages/especiales/:id/asistentes": DESK,
  // Customers and counter sales: the desk.
  "GET /api/customer/admin/all": DESK,
  "GET /api/customer/query": DESK,
  "GET /api/customer/admin/:id": DESK,
  "PUT /api/customer/admin/:id": DESK,
  "GET /api/customer/admin/tags": DESK,
  "PUT /api/customer/admin/:id/tags": DESK,
  "POST /api/customer/admin/:id/notes": DESK,
  "POST /api/customer/admin/:id/password-reset": DESK,
  "POST /api/customer/admin/:id/deactivate": DESK,
  "POST /api/customer/admin/:id/reactivate": DESK,
  "POST /api/customer/admin/:id/merge": MANAGE,
  "POST /api/customer/admin/:id/sell": DESK,
  "GET /api/customer/admin/:id/cards": DESK,
  "POST /api/customer/admin/:id/sell/saved-card": DESK,
  "POST /api/customer/admin/:id/reservations": DESK,
  "DELETE /api/customer/admin/:id/reservations/:reservationId": DESK,
  "GET /api/class_packages/admin/all": DESK,
  "POST /api/customer/giveAccess": DESK,
  "PUT /api/customer/revokeAccess": DESK,
  "PUT /api/customer/removeClasses": DESK,
  "PUT /api/customer/confirmCash": DESK,
  "PUT /api/customer/liftPenalty": DESK,
  "POST /api/purchases/admin/:id/confirm": DESK,
  "POST /api/purchases/admin/invoices/:id/confirm": DESK,
  // Refunds give money back: owner and manager; the desk sees them and freezes memberships (decision 0027).
  "POST /api/purchases/admin/:id/refund": MANAGE,
  // Facturas (decision 0036): the desk sees and downloads a customer's; retrying a failed one too.
  "GET /api/facturas/admin/customer/:id": DESK,
  "GET /api/facturas/admin/:id/:format": DESK,
  "POST /api/facturas/admin/:id/retry": DESK,
  // The facturas screen and the desk's "Facturar" (docs/decisions/0058): the desk issues and
  // lists; cancelling and the factura global are the manager's.
  "GET /api/facturas/admin": DESK,
  "POST /api/facturas/admin": DESK,
  "GET /api/facturas/admin/invoiceable": DESK,
  "GET /api/facturas/admin/:id/purchases": DESK,
  "POST /api/facturas/admin/:id/cancel": MANAGE,
  "POST /api/facturas/admin/global": MANAGE,
  "GET /api/facturas/admin/settings": MANAGE,
  // Asking the PAC now whether the receiver accepted a cancellation (decision 0072).
  "POST /api/facturas/admin/:id/cancellation-status": MANAGE,
  // Reports (decision 0078): the business's numbers and the customers behind them: owner and manager.
  "GET /api/reportes/utilizacion": MANAGE,
  "GET /api/reportes/utilizacion/csv": MANAGE,
  "GET /api/reportes/utilizacion/detalle": MANAGE,
  "GET /api/reportes/utilizacion/detalle/csv": MANAGE,
  "GET /api/reportes/ingresos": MANAGE,
  "GET /api/reportes/ingresos/csv": MANAGE,
  "GET /api/reportes/ingresos/detalle": MANAGE,
  "GET /api/reportes/ingresos/detalle/csv": MANAGE,
  "GET /api/reportes/pasivo": MANAGE,
  "GET /api/reportes/pasivo/csv": MANAGE,
  "GET /api/reportes/pasivo/detalle": MANAGE,
  "GET /api/reportes/pasivo/detalle/csv": MANAGE,
  "GET /api/reportes/intro": MANAGE,
  "GET /api/reportes/intro/csv": MANAGE,
  "GET /api/reportes/intro/detalle": MANAGE,
  "GET /api/reportes/intro/detalle/csv": MANAGE,
  "GET /api/reportes/retencion": MANAGE,
  "GET /api/reportes/retencion/csv": MANAGE,
  "GET /api/reportes/retencion/detalle": MANAGE,
  "GET /api/reportes/retencion/detalle/csv": MANAGE,
  "GET /api/reportes/valor-de-clientes": MANAGE,
  "GET /api/reportes/valor-de-clientes/csv": MANAGE,
  "GET /api/reportes/valor-de-clientes/detalle": MANAGE,
  "GET /api/reportes/valor-de-clientes/detalle/csv": MANAGE,
  // Coach pay (decision 0079): owner and manager read it; the owner sets rates and approves; a coach
  // reads their own (the handler scopes by the signed-in coach, when the studio shows it).
  "GET /api/nomina/tarifas": MANAGE,
  "PUT /api/nomina/tarifas": OWNER,
  "GET /api/nomina": MANAGE,
  "GET /api/nomina/csv": MANAGE,
  "POST /api/nomina/aprobar": OWNER,
  "GET /api/staff/me/pay": EVERY_STAFF_SELF,
  "GET /api/purchases/admin/:id/refunds": DESK,
  "POST /api/purchases/admin/:id/freeze": DESK,
  "GET /api/purchases/admin/:id/freezes": DESK,
  "DELETE /api/purchases/admin/freezes/:id": DESK,
  "POST /api/class_reservation_penaltys": DESK,
  "PUT /api/class_reservation_penaltys": DESK,
  "PUT /api/class_reservation_penaltys/:id/lift": DESK,
  "DELETE /api/class_reservation_penaltys/:id": MANAGE,
  "POST /api/available_classes": DESK,
  "PUT /api/available_classes": DESK,
  "DELETE /api/available_classes/:id": MANAGE,
  // Deleting a person's data: the owner only.
  "POST /api/admin/customers/:id/close": OWNER,
  // "Exportar todo" (decision 0037): every table of the studio leaves in one file: the owner only.
  "GET /api/admin/studio-export": OWNER,
  // Staff (this module): the owner manages the team; everyone sees their own day and profile.
  "GET /api/staff": OWNER,
  "POST /api/staff/invitations": OWNER,
  "DELETE /api/staff/invitations/:id": OWNER,
  "PUT /api/staff/:id/role": OWNER,
  "DELETE /api/staff/:id": OWNER,
  "GET /api/staff/me/classes": EVERY_STAFF_SELF,
  "GET /api/staff/me/classes/:id/roster": DESK_COACH_CLASS,
  "GET /api/staff/me/profile": EVERY_STAFF_SELF,
  "PUT /api/staff/me/profile": EVERY_STAFF_SELF,
  // Identity and control (decisions 0053-0056): what the web shows each role comes from here.
  "GET /api/staff/me/permissions": EVERY_STAFF_SELF,
  // The cash close (decision 0063): the desk closes its day; only owner and manager reopen one.
  "GET /api/corte-de-caja": DESK,
  "POST /api/corte-de-caja": DESK,
  "GET /api/corte-de-caja/historial": DESK,
  "POST /api/corte-de-caja/:id/reopen": MANAGE,
  // Hoy, the desk's home (docs/product-rules.md#hoy): owner, manager and the desk; a coach has Mis clases.
  "GET /api/admin/hoy": DESK,
  // The check-in kiosk (decision 0097): the desk opens it on a tablet; the kiosk itself calls only
  // /api/kiosk/* with its own device session, never a staff one.
  "POST /api/admin/kiosk": DESK,
  // Carta responsiva (decision 0099): owner and manager publish versions; the desk sees who signed,
  // downloads the PDFs and collects a signature on its tablet.
  "GET /api/admin/waivers": DESK,
  "POST /api/admin/waivers": MANAGE,
  "GET /api/admin/waivers/:id/signatures": DESK,
  "GET /api/admin/waiver-signatures/:id/pdf": DESK,
  "GET /api/admin/customers/:id/waiver": DESK,
  "POST /api/admin/customers/:id/waiver": DESK,
  // Substitute requests (decision 0101): every coach asks for and takes substitutions on their own
  // profile (the handler scopes by the signed-in coach); owner and manager approve or decline.
  "GET /api/substitute-requests": EVERY_STAFF_SELF,
  "POST /api/substitute-requests": EVERY_STAFF_SELF,
  "POST /api/substitute-requests/:id/take": EVERY_STAFF_SELF,
  "POST /api/substitute-requests/:id/cancel": EVERY_STAFF_SELF,
  "POST /api/substitute-requests/:id/approve": MANAGE,
  "POST /api/substitute-requests/:id/decline": MANAGE,
  // Wellhub and TotalPass (docs/product-rules.md#aggregators): settings and money for the
  // owner and manager; the desk and the class's coach see the source of seats and the visits.
  "GET /api/admin/aggregators": MANAGE,
  "PUT /api/admin/aggregators/:aggregator": MANAGE,
  "GET /api/admin/aggregators/classes/:id": DESK_COACH_CLASS,
  "GET /api/admin/aggregators/visits": DESK,
  "POST /api/admin/aggregators/visits/:id/validate": DESK,
  "GET /api/admin/aggregators/reconciliation": MANAGE,
  "GET /api/admin/aggregators/reconciliation/csv": MANAGE,
  // Messaging (docs/product-rules.md#messaging-inbox): the desk reads messages and answers the
  // inbox; automations are the owner's (marketing), the manager may read their figures.
  "GET /api/admin/customers/:id/messages": DESK,
  "GET /api/admin/messaging/inbox": DESK,
  "POST /api/admin/messaging/inbox/:id/reply": DESK,
  "GET /api/admin/messaging/automations": MANAGE,
  "PUT /api/admin/messaging/automations/:automation": OWNER,
  // Gift cards and saldo a favor (decisions 0090, 0091): the desk sells, redeems and reads; owner and manager refund and correct.
  "GET /api/gift-cards/admin": DESK,
  "GET /api/gift-cards/admin/csv": MANAGE,
  "GET /api/gift-cards/admin/:id": DESK,
  "POST /api/gift-cards/admin": DESK,
  "POST /api/gift-cards/admin/redeem": DESK,
  "POST /api/gift-cards/admin/:id/refund": MANAGE,
  "GET /api/gift-cards/admin/customers/:id/credit": DESK,
  "POST /api/gift-cards/admin/customers/:id/credit": MANAGE,
  // Trial once per customer (decision 0093): the desk reads the warning; repeating is owner/manager.
  "GET /api/customer/admin/:id/trial": DESK,
  "POST /api/customer/admin/:id/sell/trial-again": MANAGE,
  // Retail at the counter (decision 0094): the desk sells and reads; catalogue, stock and refunds
  // are owner and manager (a refund moves money back, as the purchases' refund).
  "GET /api/retail/products": DESK,
  "POST /api/retail/products": MANAGE,
  "PUT /api/retail/products/:id": MANAGE,
  "POST /api/retail/products/:id/variants": MANAGE,
  "PUT /api/retail/variants/:id": MANAGE,
  "POST /api/retail/stock": MANAGE,
  "GET /api/retail/low-stock": DESK,
  "GET /api/retail/sales": DESK,
  "POST /api/retail/sales": DESK,
  "POST /api/retail/sales/:id/refund": MANAGE,
  // Coach rate history (docs/product-rules.md#coach-rate-history): read like the rates, set by the owner.
  "GET /api/nomina/tarifas/:instructor_id/historial": MANAGE,
  "POST /api/nomina/tarifas/historial": OWNER,
  "DELETE /api/nomina/tarifas/:instructor_id/historial/:from": OWNER,
};

/** The rule for a route; routes behind requireAdmin without one are owner and manager only. */
export function permissionFor(method: string, url: string): Permission {
  return PERMISSIONS[`${method === "HEAD" ? "GET" : method} ${url}`] ?? MANAGE;
}

/** Whether a staff role passes a route's rule before any object is looked at. */
export function roleAllowed(role: StaffRole, permission: Permission): boolean {
  return role === "owner" || (permission.roles as readonly StaffRole[]).includes(role);
}

/**
 * The routes of this table a role may call (a coach: on their own classes), for the web to show
 * each role only the actions it may use (decision 0031: the server is the rule, this is its
 * copy). A route not in the table is owner and manager only: `unlisted` says whether the role
 * passes that default.
 */
export function allowedRoutes(role: StaffRole): { allowed: string[]; unlisted: boolean } {
  return {
    allowed: Object.entries(PERMISSIONS)
      .filter(([, permission]) => roleAllowed(role, permission))
      .map(([key]) => key)
      .sort(),
    unlisted: roleAllowed(role, MANAGE),
  };
}

/**
 * Whether a role may call a route, named by its key in the table ("METHOD /api/path"): the web asks
 * this before showing a screen, a link or a button (decision 0069). A coach passes here for the
 * routes scoped to their own classes; the server still checks the object.
 */
export function roleMayCall(role: StaffRole, route: string): boolean {
  return roleAllowed(role, PERMISSIONS[route] ?? MANAGE);
}
