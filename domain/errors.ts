import { type ErrorCode, type ErrorVariant, errorCodes, isErrorCode } from "./error-codes";
import { type MessageKey, t } from "./messages";

/**
 * The one error type of the app: a stable code for programs, a Spanish message for people and
 * the HTTP status. The server's error handler turns it into `{ message, code, fields? }` and the
 * web's API client rebuilds it from that body.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { fields?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.fields = extra.fields;
    this.details = extra.details;
  }

  /**
   * Builds an error from the catalogue (domain/error-codes.ts): its status and Spanish text come
   * from the code; `message` picks one of the code's catalogued variants.
   */
  static of<C extends ErrorCode>(code: C, options?: ErrorOptions<C>): AppError;
  /**
   * The older form: the status must be the catalogue's for a catalogued code (a mismatch throws,
   * so tests catch it); kept so code written before the catalogue still compiles.
   */
  static of(
    status: number,
    code: string,
    key: MessageKey,
    params?: Record<string, string | number>,
    extra?: { fields?: Record<string, string>; details?: Record<string, unknown> },
  ): AppError;
  static of(
    first: number | ErrorCode,
    second?: string | ErrorOptions<ErrorCode>,
    key?: MessageKey,
    params?: Record<string, string | number>,
    extra?: { fields?: Record<string, string>; details?: Record<string, unknown> },
  ): AppError {
    if (typeof first === "string") {
      const spec = errorCodes[first];
      const options = (second ?? {}) as ErrorOptions<ErrorCode> & { message?: MessageKey };
      return new AppError(spec.status, first, t(options.message ?? spec.message, options.params), {
        fields: options.fields,
        details: options.details,
      });
    }
    const code = second as string;
    if (isErrorCode(code) && errorCodes[code].status !== first)
      throw new Error(`${code} answers ${errorCodes[code].status} (domain/error-codes.ts), not ${first}`);
    return new AppError(first, code, t(key as MessageKey, params), extra);
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.details ?? {}),
    };
  }
}

export type ErrorOptions<C extends ErrorCode> = {
  /** One of the code's catalogued variants instead of its default text. */
  message?: ErrorVariant<C>;
  params?: Record<string, string | number>;
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
};

export type ErrorBody = { message: string; code: string; fields?: Record<string, string> } & Record<
  string,
  unknown
>;

export const notFound = (key: MessageKey = "notFound", code = "NOT_FOUND") => AppError.of(404, code, key);
export const unauthorized = () => AppError.of("UNAUTHORIZED");
export const forbidden = () => AppError.of("FORBIDDEN");
export const badRequest = (message: string, fields?: Record<string, string>, code = "BAD_REQUEST") =>
  new AppError(400, code, message, { fields });
