import { useQuery } from "@tanstack/react-query";
import { api, isApiError } from "./api-client";

/**
 * Who is signed in: the only part of the auth feature the visitor shell needs (the navbar's
 * "Entrar" / "Mi Cuenta"). Kept apart from api.ts so the first download of a public page does not
 * carry the sign-in forms' code; features import it through api.ts.
 */

export type Role = "customer" | "admin";

export interface CurrentCustomer {
  customer_id: number;
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: Role;
  /** owner, manager, front_desk or coach (issue 26); null or absent for a customer. */
  staff_role?: string | null;
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

export async function fetchSession(): Promise<CurrentCustomer | null> {
  const data = await api.get<{ customer: CurrentCustomer | null }>("/session");
  return data?.customer ?? null;
}
