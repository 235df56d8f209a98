/**
 * The back-office actions the web shows or hides by role (decision 0031), named
 * by the route that performs them as server/plugins/permissions.ts keys them. The web asks
 * GET /api/staff/me/permissions which of these the signed-in role may call, so a button is shown
 * exactly when the server would accept it. server/modules/staff/staff.test.ts checks that every
 * key names a real back-office route.
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
} as const;

export type StaffAction = keyof typeof STAFF_ACTIONS;
