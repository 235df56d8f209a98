import type { ErrorCode } from "./error-codes";
import { AppError, type ErrorOptions } from "./errors";
import type { MessageKey } from "./messages";

/**
 * What a pure decision answers when it says no: the catalogued code and what its Spanish text
 * needs, as plain data a table-driven test compares with `toEqual`. The service turns it into the
 * AppError it throws (docs/decisions/0083).
 */
export type Refusal = {
  code: ErrorCode;
  /** One of the code's catalogued variants (checked where the refusal is built, by `refuse`). */
  message?: MessageKey;
  params?: Record<string, string | number>;
  details?: Record<string, unknown>;
};

/** A decision: accepted with what to write, or refused. */
export type Decision<T> = ({ ok: true } & T) | { ok: false; refusal: Refusal };

/** A refusal, its variant text checked against the code's catalogue entry. */
export function refuse<C extends ErrorCode>(
  code: C,
  options: ErrorOptions<NoInfer<C>> = {},
): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: { code, ...(options as Omit<Refusal, "code">) } };
}

/** The error a service throws for a refusal. */
export function refusalError({ code, ...options }: Refusal): AppError {
  return AppError.of(code, options as ErrorOptions<ErrorCode>);
}
