import { z } from "zod";
import type { ErrorCode } from "../error-codes";

/**
 * better-auth's endpoints the web and API clients call, bridged at /api/auth/* by
 * server/auth/auth.ts (its other endpoints answer 404 there). better-auth validates them; these
 * schemas say what they take and answer, for /api/docs and for the web's calls.
 */

const user = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const signInBody = z.object({
  email: z.string().describe("Correo de la cuenta (en minúsculas)."),
  password: z.string(),
  rememberMe: z.boolean().optional().describe("false: la sesión termina al cerrar el navegador."),
});
export const signInAnswer = z
  .object({ redirect: z.boolean(), token: z.string(), user })
  .describe("También en la cabecera set-auth-token (Bearer) y en la cookie de sesión.");

export const requestPasswordResetBody = z.object({
  email: z.string(),
  redirectTo: z.string().optional().describe("Ruta del sitio a la que lleva el enlace del correo."),
});
export const statusAnswer = z.object({ status: z.boolean(), message: z.string().optional() });

export const resetPasswordBody = z.object({
  token: z.string().describe("El token del enlace del correo de recuperación."),
  newPassword: z.string().describe("Cumple la política de contraseñas (GET /api/auth-policy)."),
});

export const changePasswordBody = z.object({
  currentPassword: z.string(),
  newPassword: z.string(),
  revokeOtherSessions: z.boolean().optional(),
});

export const signOutAnswer = z.object({ success: z.boolean() });

export type AuthEndpoint = {
  method: "GET" | "POST";
  path: string;
  summary: string;
  answer: string;
  signedIn: boolean;
  body?: z.ZodType;
  response: z.ZodType;
  errors: readonly ErrorCode[];
};

export const authEndpoints: readonly AuthEndpoint[] = [
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    summary: "Iniciar sesión con correo y contraseña",
    answer: "Sesión iniciada",
    signedIn: false,
    body: signInBody,
    response: signInAnswer,
    errors: ["USER_NOT_FOUND", "WRONG_PASSWORD", "ACCOUNT_DEACTIVATED", "INVALID_EMAIL"],
  },
  {
    method: "POST",
    path: "/api/auth/sign-out",
    summary: "Cerrar la sesión",
    answer: "Sesión cerrada",
    signedIn: true,
    response: signOutAnswer,
    errors: [],
  },
  {
    method: "POST",
    path: "/api/auth/request-password-reset",
    summary: "Enviar el correo de recuperación (misma respuesta exista o no la cuenta)",
    answer: "Correo enviado si la cuenta existe",
    signedIn: false,
    body: requestPasswordResetBody,
    response: statusAnswer,
    errors: ["INVALID_EMAIL", "TOO_MANY_EMAILS"],
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    summary: "Poner una contraseña nueva con el token del correo de recuperación",
    answer: "Contraseña cambiada; las demás sesiones se cierran",
    signedIn: false,
    body: resetPasswordBody,
    response: statusAnswer,
    errors: ["INVALID_TOKEN", "PASSWORD_POLICY"],
  },
  {
    method: "POST",
    path: "/api/auth/change-password",
    summary: "Cambiar la contraseña con la actual",
    answer: "Contraseña cambiada",
    signedIn: true,
    body: changePasswordBody,
    response: z.object({ token: z.string().nullable(), user }),
    errors: ["VALIDATION_ERROR", "CURRENT_PASSWORD_WRONG", "PASSWORD_POLICY"],
  },
];
