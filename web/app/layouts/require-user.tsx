import { Anchor, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { FullScreenLoader } from "../../components/full-screen-loader";
import { useSignOut } from "../../features/auth/api";
import { copy } from "../../lib/copy";
import { type CurrentCustomer, useCurrentUser } from "../../lib/session";

const FALLBACK_AFTER_MS = 30_000;

/** 'Accediendo' while the user loads; after 30 s (or on failure) a way out: sign out. */
function Accessing({ failed }: { failed: boolean }) {
  const signOut = useSignOut();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), FALLBACK_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <FullScreenLoader label={copy.account.accessing}>
      {slow || failed ? (
        <Stack gap={4} align="center" mt="sm">
          <Text size="sm" c="dimmed">
            {copy.account.accessingSlow}
          </Text>
          <Anchor component="button" type="button" onClick={() => void signOut()} fw={600}>
            {copy.account.accessingFallback}
          </Anchor>
        </Stack>
      ) : null}
    </FullScreenLoader>
  );
}

/**
 * Renders children with the signed-in user; while loading shows 'Accediendo'; when signed out
 * redirects to /entrar?redirect=<current path>.
 */
export function RequireUser({ children }: { children: (user: CurrentCustomer) => ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (user.isPending) return <Accessing failed={false} />;
  if (user.isError) return <Accessing failed />;
  if (!user.data) {
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/entrar?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <>{children(user.data)}</>;
}
