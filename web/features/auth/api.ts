import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { api, isApiError } from "../../lib/api-client";
import { appConfigQueryKey } from "../app-config/api";

export type Role = "customer" | "admin";

export interface CurrentCustomer {
  customer_id: number;
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: Role;
  [key: string]: unknown;
}

export const currentUserQueryKey = ["auth", "current-user"] as const;

/**
 * The signed-in customer, or null when signed out. GET /api/session answers 200 either way, so a
 * visitor's browser logs no failed request on every public page.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: async ({ signal }): Promise<CurrentCustomer | null> => {
      try {
        const data = await api.get<{ customer: CurrentCustomer | null }>("/session", { signal });
        return data?.customer ?? null;
      } catch (error) {
        if (isApiError(error, 401)) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: (count, error) => !isApiError(error) || (error.status >= 500 && count < 2),
  });
}

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
