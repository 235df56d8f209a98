import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { currentCustomerOut, sessionAnswer } from "../../domain/api/customers";
import { api, isApiError } from "./api-client";

/**
 * Who is signed in: the only part of the auth feature the visitor shell needs (the navbar's
 * "Entrar" / "Mi Cuenta"). Kept apart from api.ts so the first download of a public page does not
 * carry the sign-in forms' code; features import it through api.ts.
 */

export type Role = CurrentCustomer["role"];

/** The signed-in person as GET /api/session answers it (domain/api/customers.ts). */
export type CurrentCustomer = z.input<typeof currentCustomerOut>;
type SessionAnswer = z.input<typeof sessionAnswer>;

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
        const data = await api.get<SessionAnswer>("/session", { signal });
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

export async function fetchSession(): Promise<CurrentCustomer | null> {
  const data = await api.get<SessionAnswer>("/session");
  return data?.customer ?? null;
}
