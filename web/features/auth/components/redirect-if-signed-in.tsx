import type { ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { useCurrentUser } from "../api";

/** Only in-app paths are honoured as ?redirect= targets (no open redirects). */
export function safeRedirect(target: string | null, fallback = "/mystudio"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

/** A signed-in user arriving at /entrar or /registro goes to ?redirect= or /mystudio. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  if (user.data) return <Navigate to={safeRedirect(params.get("redirect"))} replace />;
  return <>{children}</>;
}
