import { useCallback, useEffect, useRef, useState } from "react";
import { messages } from "../../domain/messages";
import { isApiError } from "./api-client";

/**
 * The one way a customer form explains itself (decision 0030): a Spanish message under each empty
 * or invalid field (Mantine's `error` prop, which sets aria-invalid and aria-describedby on the
 * input), and the first invalid field, in the order the person reads the form, gets the focus.
 * Server 400 answers that name fields (`fields` of the error body) land the same way.
 */
export type FieldErrors = Record<string, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Debes llenar este campo.' for an empty address, 'Escribe un correo…' for a malformed one. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email === "") return messages.fieldRequired;
  return EMAIL_PATTERN.test(email) ? null : messages.emailInvalid;
}

/** Keys whose value is empty (blank text, null, empty list) get 'Debes llenar este campo.'. */
export function requiredErrors(values: Record<string, unknown>, keys: readonly string[]): FieldErrors {
  const found: FieldErrors = {};
  for (const key of keys) {
    const v = values[key];
    const empty =
      v === undefined ||
      v === null ||
      (typeof v === "string" && v.trim() === "") ||
      (Array.isArray(v) && v.length === 0);
    if (empty) found[key] = messages.fieldRequired;
  }
  return found;
}

/** The first message per top-level key of a failed Zod parse (our schemas carry Spanish texts). */
export function issueErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "_");
    found[key] ??= issue.message;
  }
  return found;
}

/**
 * The field messages of a server answer, keyed as the form knows them. The server names a field
 * by its path in the body ("phone", "fields.talla", "address.city"): `rename` maps a path to the
 * form's key; otherwise a custom field's "fields." prefix is dropped. null when the answer names
 * no field (the caller shows its message above the form instead).
 */
export function apiFieldErrors(error: unknown, rename: Record<string, string> = {}): FieldErrors | null {
  if (!isApiError(error) || !error.fields) return null;
  const found: FieldErrors = {};
  for (const [path, message] of Object.entries(error.fields)) {
    if (typeof message !== "string" || !message) continue;
    const key = rename[path] ?? path.replace(/^fields\./, "");
    found[key] ??= message;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * What to show above the form for a failed request: its message, unless that same sentence already
 * sits next to the one field it names (a summary like 'Revisa los campos…' still shows).
 */
export function formMessage(error: unknown): string | null {
  if (!error) return null;
  if (!isApiError(error)) return String(error);
  const fields = Object.values(error.fields ?? {});
  return fields.includes(error.message) ? null : error.message;
}

/** Where the reading order puts the first field marked invalid inside `root`. */
export function firstInvalidField(root: ParentNode | null | undefined): HTMLElement | null {
  // data-invalid: Mantine's PasswordInput marks its input only so (passwordErrorProps fixes that).
  return root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]') ?? null;
}

/**
 * Per-field errors of one form. Put `ref` on the <form> (or the element around the fields) and
 * `errors[key]` in each field's `error`. `show(found)` replaces the messages and, once they are on
 * screen, focuses the first invalid field; it returns whether anything was found, so a submit
 * handler reads `if (show(validate())) return;`. `showApi(error)` does the same with a server
 * answer and returns false when the answer names no field.
 */
export function useFieldErrors<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    const field = firstInvalidField(ref.current);
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: "center", behavior: "smooth" });
  }, [focusRequest]);

  const show = useCallback((found: FieldErrors) => {
    const any = Object.keys(found).length > 0;
    setErrors(found);
    if (any) setFocusRequest((n) => n + 1);
    return any;
  }, []);

  const showApi = useCallback(
    (error: unknown, rename?: Record<string, string>) => {
      const found = apiFieldErrors(error, rename);
      if (found) show(found);
      return found !== null;
    },
    [show],
  );

  /** Forgets one field's message (the person is fixing it). */
  const clear = useCallback((key: string) => {
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  return { ref, errors, show, showApi, clear };
}

/**
 * Mantine's Checkbox shows `error` but does not tie it to the box: these props mark the box
 * invalid and point it at the message, like the text inputs do on their own.
 */
export function checkboxErrorProps(id: string, error: string | null | undefined) {
  const errorId = `${id}-error`;
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    error: error ? <span id={errorId}>{error}</span> : undefined,
  };
}

/** Mantine's PasswordInput shows `error` but leaves aria-invalid off its input: this adds it. */
export function passwordErrorProps(error: string | null | undefined) {
  return { error, "aria-invalid": Boolean(error) };
}
