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

  /** Builds an error whose message comes from domain/messages.ts. */
  static of(
    status: number,
    code: string,
    key: MessageKey,
    params?: Record<string, string | number>,
    extra?: { fields?: Record<string, string>; details?: Record<string, unknown> },
  ): AppError {
    return new AppError(status, code, t(key, params), extra);
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

export type ErrorBody = { message: string; code: string; fields?: Record<string, string> } & Record<
  string,
  unknown
>;

export const notFound = (key: MessageKey = "notFound", code = "NOT_FOUND") => AppError.of(404, code, key);
export const unauthorized = () => AppError.of(401, "UNAUTHORIZED", "unauthorized");
export const forbidden = () => AppError.of(403, "FORBIDDEN", "forbidden");
export const badRequest = (message: string, fields?: Record<string, string>, code = "BAD_REQUEST") =>
  new AppError(400, code, message, { fields });
