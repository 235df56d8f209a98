import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../../domain/errors";
import { messages, t } from "../../domain/messages";

/** PostgreSQL and driver codes that mean "the database is not reachable right now". */
const DB_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "57P01",
  "57P02",
  "57P03",
  "53300", // too_many_connections: the server is full right now, retrying later helps
  "08000",
  "08003",
  "08006",
]);

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
}

/** Maps anything thrown in a request to the one error shape: { message, code, fields? }. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = fieldPath(issue.instancePath);
      fields[key] ??= issue.message ?? messages.validation;
    }
    const entries = Object.values(fields);
    // One problem: say it plainly. Several: the summary text, with every field listed.
    const message = entries.length === 1 ? entries[0]! : t("checkFields");
    return new AppError(400, "VALIDATION_ERROR", message, { fields });
  }
  const err = error as Partial<FastifyError> & { code?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code;
  if (code && DB_DOWN_CODES.has(code)) return AppError.of("DATABASE_UNAVAILABLE");
  // Drizzle wraps driver errors ("Failed query: ...") and keeps the driver's text in `cause`.
  // "not currently accepting connections" (55000) is a database closed to connections, e.g.
  // during a restart or failover: an outage, not a bug.
  if (
    /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections/i.test(
      `${err.message ?? ""} ${err.cause?.message ?? ""}`,
    )
  ) {
    return AppError.of("DATABASE_UNAVAILABLE");
  }
  switch (code) {
    case "23505": // unique_violation that a service did not turn into its own message
      return AppError.of("CONFLICT");
    case "23503": // foreign_key_violation: the body named something that does not exist
      return AppError.of("INVALID_REFERENCE");
    case "22021": // character_not_in_repertoire: a NUL byte in text (clean-input.ts refuses it first)
    case "22P05": // untranslatable_character: \u0000 in jsonb
      return AppError.of("INVALID_CHARACTERS");
    case "22001": // string_data_right_truncation: longer than a varchar column
    case "54000": // program_limit_exceeded: e.g. a value too large for an index row
      return AppError.of("TEXT_TOO_LONG");
    case "23502": // not_null_violation: a null the route's rules let through (better-auth's update-user)
    case "23514": // check_violation
    case "22P02": // invalid_text_representation (e.g. a bad number reached SQL)
    case "22003": // numeric_value_out_of_range
    case "22007":
    case "22008":
      return AppError.of("BAD_REQUEST", { message: "validation" });
    case "FST_ERR_BAD_URL": // percent-encoding that is not UTF-8 (%C3%28), or a lone %
      return AppError.of("INVALID_CHARACTERS");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return AppError.of("UNSUPPORTED_MEDIA_TYPE");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
      return AppError.of("PAYLOAD_TOO_LARGE");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return AppError.of("INVALID_JSON");
  }
  const status = err.statusCode ?? 500;
  if (status === 429) return AppError.of("RATE_LIMITED");
  if (status === 404) return AppError.of("NOT_FOUND");
  // Fastify's and its plugins' own client errors (FST_ERR_CTP_INVALID_CONTENT_LENGTH, multipart's
  // FST_INVALID_MULTIPART_CONTENT_TYPE...) are English and their codes internal: an answer carries
  // one of our catalogued codes with its Spanish text instead (decision 0056 §4).
  if (status === 413) return AppError.of("PAYLOAD_TOO_LARGE");
  if (status === 415 || status === 406) return AppError.of("UNSUPPORTED_MEDIA_TYPE");
  if (status >= 400 && status < 500) return AppError.of("BAD_REQUEST", { message: "validation" });
  return AppError.of("INTERNAL_ERROR");
}

/**
 * Errors Fastify's router answers before any route or error handler runs (a URL that is not valid
 * percent-encoding): Fastify's default body is English and another shape. Passed to Fastify()
 * as `frameworkErrors` in server/app.ts.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  reply.status(appError.status).send(appError.toBody());
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      // Full details go to the log only; the client gets a Spanish sentence and a code.
      request.log.error({ err: error }, "request failed");
    } else if (appError.status !== 404) {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    if (appError.status === 503) reply.header("retry-after", "5");
    // The guessing delays say how long to wait (decision 0056 §3).
    const retryAfter = appError.details?.retry_after;
    if (appError.status === 429 && typeof retryAfter === "number")
      reply.header("retry-after", String(retryAfter));
    return reply.status(appError.status).send(appError.toBody());
  });
});
