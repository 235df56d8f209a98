/**
 * The one way the web app talks to the API: same-origin /api, cookie session (credentials
 * included), JSON in and out. Failures throw ApiError rebuilt from the server's error body
 * `{ message, code, fields? }`, so screens can show `error.message` (Spanish, for a person) and
 * branch on `status` / `code`.
 */

export const API_BASE = "/api";

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** Any other keys of the error body (e.g. no_shows and end_date of PENALTY_ACTIVE). */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

const FALLBACK_MESSAGE = "Ocurrió un error. Intenta de nuevo.";
const NETWORK_MESSAGE = "No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.";

/** Builds "?a=1&b=x", dropping empty values (undefined, null, "" and empty arrays). */
export function toQueryString(query?: Query): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null || value === "") continue;
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Where requests go. The browser uses fetch; the server's page renderer (web/entry-server.tsx)
 * answers them in-process with the same API routes, so a page's data is identical either way.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { query, body, signal, headers } = options;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: "include",
    signal,
    headers: {
      Accept: "application/json",
      ...(body !== undefined && !isForm ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  };

  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}${toQueryString(query)}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK_ERROR", NETWORK_MESSAGE);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }

  if (!response.ok) {
    const payload = (data && typeof data === "object" ? data : {}) as {
      message?: unknown;
      code?: unknown;
      fields?: unknown;
    } & Record<string, unknown>;
    const { message: _message, code: _code, fields: _fields, ...details } = payload;
    throw new ApiError(
      response.status,
      typeof payload.code === "string" ? payload.code : `HTTP_${response.status}`,
      typeof payload.message === "string" && payload.message ? payload.message : FALLBACK_MESSAGE,
      payload.fields && typeof payload.fields === "object"
        ? (payload.fields as Record<string, string>)
        : undefined,
      details,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PUT", path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>("DELETE", path, options),
};
