/*
 * The permissions table moved to server/plugins/permissions.ts, beside requireAdmin which reads it
 * (issue #24: server/plugins must not reach server/security, whose tests use the modules). Kept
 * only for server/plugins/auth.ts's import; delete once it imports "./permissions".
 */
export * from "../plugins/permissions";
