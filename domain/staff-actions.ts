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
  openKiosk: "POST /api/admin/kiosk",
  publishWaiver: "POST /api/admin/waivers",
  waiverSignatures: "GET /api/admin/waivers/:id/signatures",
  collectWaiver: "POST /api/admin/customers/:id/waiver",
  askSubstitute: "POST /api/substitute-requests",
  takeSubstitute: "POST /api/substitute-requests/:id/take",
  approveSubstitute: "POST /api/substitute-requests/:id/approve",
  declineSubstitute: "POST /api/substitute-requests/:id/decline",
  // Wellhub and TotalPass (docs/product-rules.md#aggregators).
  configureAggregators: "PUT /api/admin/aggregators/:aggregator",
  viewAggregatorSettings: "GET /api/admin/aggregators",
  viewAggregatorVisits: "GET /api/admin/aggregators/visits",
  retryAggregatorValidation: "POST /api/admin/aggregators/visits/:id/validate",
  viewAggregatorReconciliation: "GET /api/admin/aggregators/reconciliation",
  sellTrialAgain: "POST /api/customer/admin/:id/sell/trial-again",
  setCoachRateFrom: "POST /api/nomina/tarifas/historial",
  removeCoachRateFrom: "DELETE /api/nomina/tarifas/:instructor_id/historial/:from",
  // Messaging (docs/product-rules.md#messaging-automations): the manager reads, the owner edits.
  viewAutomations: "GET /api/admin/messaging/automations",
  editAutomation: "PUT /api/admin/messaging/automations/:automation",
  viewCustomerMessages: "GET /api/admin/customers/:id/messages",
  // Gift cards, saldo a favor (decisions 0090, 0091) and retail (decision 0094): owner and manager.
  giftCardsCsv: "GET /api/gift-cards/admin/csv",
  refundGiftCard: "POST /api/gift-cards/admin/:id/refund",
  adjustCredit: "POST /api/gift-cards/admin/customers/:id/credit",
  createProduct: "POST /api/retail/products",
  addVariant: "POST /api/retail/products/:id/variants",
  editVariant: "PUT /api/retail/variants/:id",
  moveStock: "POST /api/retail/stock",
  refundRetailSale: "POST /api/retail/sales/:id/refund",
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
