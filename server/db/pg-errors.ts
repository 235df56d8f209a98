/**
 * PostgreSQL's own refusals, recognised the same way on node-postgres and PGlite (Drizzle may wrap
 * the driver's error in `cause`). Services turn them into their Spanish AppErrors; whatever they do
 * not catch, server/plugins/errors.ts maps as a backstop.
 */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code ?? e?.cause?.code;
}

/** 23505: a unique index refused the row (two requests raced past the service's own check). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === "23505";
}
