import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";

/**
 * Validates a body against a schema built at request time (the sign-up rules depend on the
 * studio's password policy) and answers like the route validator does: 400 VALIDATION_ERROR with
 * per-field Spanish messages.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  const values = Object.values(fields);
  throw new AppError(400, "VALIDATION_ERROR", values.length === 1 ? values[0]! : t("checkFields"), {
    fields,
  });
}
