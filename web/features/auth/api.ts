import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import type { signupPagesAnswer } from "../../../domain/api/accepted-pages";
import type { resetPasswordBody, signInBody } from "../../../domain/api/auth";
import type {
  passwordPolicyAnswer,
  phoneAnswer,
  recoverAnswer,
  signupAnswer,
} from "../../../domain/api/customers";
import type { customFieldsAnswer } from "../../../domain/api/forms";
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from "../../../domain/auth";
import type { SignupInput } from "../../../domain/customers";
import { api } from "../../lib/api-client";
import { appConfigQueryKey } from "../../lib/app-config";
import { type CurrentCustomer, currentUserQueryKey, fetchSession } from "../../lib/session";
import { authKeys } from "./query-keys";

export function fullName(user: Pick<CurrentCustomer, "name" | "last_name"> | null | undefined): string {
  return [user?.name, user?.last_name].filter(Boolean).join(" ");
}

/**
 * Signs out (POST /api/auth/sign-out), forgets every cached query that belongs to the user (the
 * studio config stays) and goes to /entrar. A failed request still clears the local state.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api.post("/auth/sign-out", {});
    } catch {
      // Signed out locally anyway; the session cookie expires on its own.
    }
    await queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== appConfigQueryKey[0] });
    queryClient.setQueryData(currentUserQueryKey, null);
    navigate("/entrar", { replace: true });
  }, [queryClient, navigate]);
}

// ----- Sign-in, sign-up, recovery (decision 0006) -----

/** The studio's password policy (GET /api/auth-policy); the default until it loads. */
export function usePasswordPolicy(): PasswordPolicy {
  const query = useQuery({
    queryKey: authKeys.policy,
    queryFn: ({ signal }) => api.get<z.input<typeof passwordPolicyAnswer>>("/auth-policy", { signal }),
    staleTime: 5 * 60_000,
  });
  return query.data?.policy ?? DEFAULT_PASSWORD_POLICY;
}

/** Custom fields the sign-up form shows (customer object; files are asked for later). */
export function useSignupFields() {
  return useQuery({
    queryKey: authKeys.signupFields,
    queryFn: async ({ signal }) => {
      const data = await api.get<z.input<typeof customFieldsAnswer>>("/custom_fields", {
        query: { object: "customer" },
        signal,
      });
      return data.custom_fields.filter((f) => f.type !== "file" && f.type !== "image");
    },
    staleTime: 5 * 60_000,
  });
}

/** Pages whose acceptance checkbox the sign-up form shows. */
export function useSignupPages() {
  return useQuery({
    queryKey: authKeys.signupPages,
    queryFn: async ({ signal }) =>
      (await api.get<z.input<typeof signupPagesAnswer>>("/signup_pages", { signal })).pages,
    staleTime: 5 * 60_000,
  });
}

/** After any sign-in: forget the visitor's cached data and load the signed-in user. */
function useAfterSignIn() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.removeQueries({
      predicate: (q) => q.queryKey[0] !== appConfigQueryKey[0] && q.queryKey[0] !== authKeys.all[0],
    });
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    await queryClient.fetchQuery({ queryKey: currentUserQueryKey, queryFn: fetchSession });
  }, [queryClient]);
}

export function useSignIn() {
  const after = useAfterSignIn();
  return useMutation({
    mutationFn: (body: Pick<z.input<typeof signInBody>, "email" | "password">) =>
      api.post("/auth/sign-in/email", { email: body.email.trim().toLowerCase(), password: body.password }),
    onSuccess: after,
  });
}

export function useSignUp() {
  const after = useAfterSignIn();
  return useMutation({
    mutationFn: (body: SignupInput) => api.post<z.input<typeof signupAnswer>>("/customer/signup", body),
    onSuccess: after,
  });
}

export function useRecover() {
  return useMutation({
    mutationFn: (email: string) => api.post<z.input<typeof recoverAnswer>>("/customer/recover", { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof resetPasswordBody>) => api.post("/auth/reset-password", body),
  });
}

/** GET /api/customer/phone: whether another account uses this phone. */
export async function phoneExists(phone: string): Promise<boolean> {
  return (await api.get<z.input<typeof phoneAnswer>>("/customer/phone", { query: { phone } })).exists;
}
