/*
 * Moved to server/test/commerce.ts (issue #24: test helpers live in server/test, so a module's
 * tests do not make it depend on checkout). Kept only for the test files outside the commerce
 * modules that still import it from here (admin-customers, customers, server/cli); delete once they
 * import server/test/commerce.
 */
export * from "../../test/commerce";
