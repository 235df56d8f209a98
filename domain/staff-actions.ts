/**
 * The back-office actions the web shows or hides by role (decisions 0031 and 0069), named by the
 * route that performs them as the permissions table (domain/staff-permissions.ts) keys it. The web
 * shows a control exactly when `roleMayCall(role, route)` says the server would accept it
 * (web/lib/staff-permissions.ts), and web/features/admin/role-screens.test.ts proves that every
 * call a screen makes that some role reaching it may not make is drawn behind `can("<action>")`
 * with that route.
 */
export const STAFF_ACTIONS = {
  createClass: "POST /api/single_class",
  editClass: "PUT /api/single_class",
  cancelClass: "DELETE /api/single_class/:id",
  repeatClass: "POST /api/single_class/repeat",
  copyWeek: "POST /api/single_class/copy-week",
  substitute: "POST /api/admin/substitutions",
  closeAccount: "POST /api/admin/customers/:id/close",
  mergeCustomers: "POST /api/customer/admin/:id/merge",
  refund: "POST /api/purchases/admin/:id/refund",
  deleteCredits: "DELETE /api/available_classes/:id",
  cancelFactura: "POST /api/facturas/admin/:id/cancel",
  checkCancellation: "POST /api/facturas/admin/:id/cancellation-status",
  setCoachRate: "PUT /api/nomina/tarifas",
  approveCoachPay: "POST /api/nomina/aprobar",
  facturaGlobal: "POST /api/facturas/admin/global",
  facturaSettings: "GET /api/facturas/admin/settings",
  editSettings: "PUT /api/appconfig",
  reopenCashClose: "POST /api/corte-de-caja/:id/reopen",
  studioExport: "GET /api/admin/studio-export",
} as const;

export type StaffAction = keyof typeof STAFF_ACTIONS;

/**
 * What an action's form reads before it sends (the classes a change touches, a coach's classes to
 * hand over): shown only with the action, so each must be allowed wherever the action is
 * (domain/staff-permissions.test.ts).
 */
export const ACTION_READS: Partial<Record<StaffAction, readonly string[]>> = {
  editClass: ["GET /api/admin/single_class/:id/change-impact"],
  cancelClass: ["GET /api/admin/single_class/:id/change-impact"],
  substitute: ["GET /api/admin/instructors/:id/classes"],
};
