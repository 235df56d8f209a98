import type { ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { safeRedirect } from "../../../../domain/auth";
import { useCurrentUser } from "../api";

export { safeRedirect };

/** A signed-in user arriving at /entrar or /registro goes to ?redirect= or /mystudio. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  if (user.data) return <Navigate to={safeRedirect(params.get("redirect"))} replace />;
  return <>{children}</>;
}
