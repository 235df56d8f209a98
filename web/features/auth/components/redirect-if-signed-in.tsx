import type { ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { safeRedirect } from "../../../../domain/auth";
import { type CurrentCustomer, useCurrentUser } from "../../../lib/session";

export { safeRedirect };

/**
 * Where a person goes after signing in: the ?redirect= they came from, else an administrator to
 * the back office (/admin) and a customer to their account (/mystudio).
 */
export function landingFor(
  user: Pick<CurrentCustomer, "role" | "staff_role"> | null | undefined,
  redirect: string | null,
) {
  // Staff, coaches included (decision 0031), start in the back office.
  return safeRedirect(redirect, user?.role === "admin" || user?.staff_role ? "/admin" : "/mystudio");
}

/** A signed-in user arriving at /entrar or /registro goes to ?redirect= or their landing page. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  if (user.data) return <Navigate to={landingFor(user.data, params.get("redirect"))} replace />;
  return <>{children}</>;
}
