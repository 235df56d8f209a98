import { Button, Center, MantineProvider, Stack, Text, ThemeIcon } from "@mantine/core";
import { notificationsStore } from "@mantine/notifications";
import { IconPlugConnectedX } from "@tabler/icons-react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { matchRoutes, type RouteObject, useRoutes } from "react-router";
import type { AppConfig } from "../../domain/app-config";
import { FullScreenLoader } from "../components/full-screen-loader";
import { packagesPathSegment, useAppConfigQuery } from "../lib/app-config";
import { copy } from "../lib/copy";
import { toElementRoutes } from "./element-routes";
import { buildRoutes } from "./router";
import { buildTheme, studioCssVariables } from "./theme";

// Toasts are rendered by a component fetched the first time a toast is shown: most visits never
// show one, and `notifications.show()` calls wait in the store until the component mounts.
const Notifications = lazy(() =>
  import("@mantine/notifications").then((module) => ({ default: module.Notifications })),
);

function LazyNotifications() {
  const [needed, setNeeded] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (needed) return;
    return notificationsStore.subscribe((state) => {
      if (state.notifications.length > 0 || state.queue.length > 0) setNeeded(true);
    });
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" autoClose={5000} zIndex={1000} />
    </Suspense>
  );
}

/**
 * Starts downloading the code of the page at `pathname` (and its layouts) without waiting for
 * anything else. The packages path only renames one route, so the default is good enough here;
 * React.lazy's import later finds the module loaded. Resolves when every chunk has arrived.
 * (`async` so the matching runs after the caller's task, not as part of it.)
 */
export async function preloadRouteCode(pathname: string, pause?: () => Promise<void>): Promise<unknown> {
  const matches = matchRoutes(buildRoutes(), pathname) ?? [];
  // Matching and starting the downloads are each tens of ms on a phone: `pause` lets the caller
  // put them in separate tasks.
  if (pause) await pause();
  const loads = matches.map((match) => {
    const load = match.route.lazy;
    return typeof load === "function" ? load().catch(() => undefined) : undefined;
  });
  return Promise.all(loads);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
    },
  });
}

/** BrowserRouter in the browser, StaticRouter when the server renders a public page. */
export type RouterComponent = ComponentType<{ children: ReactNode }>;

function setLink(rel: string, href: string) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement("link");
    link.rel = rel;
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Browser chrome from the config: favicon, theme colour (pages set the tab title). */
function useDocumentBranding(config: AppConfig) {
  useEffect(() => {
    const icon = config.favicon || config.navbar_logo;
    if (icon) setLink("icon", icon);
    if (config.navbar_logo) setLink("apple-touch-icon", config.navbar_logo);
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", config.primary);
  }, [config.favicon, config.navbar_logo, config.primary]);
}

function ConfigError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useEffect(() => {
    document.title = copy.app.configError;
  }, []);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center" maw={380} role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconPlugConnectedX size={30} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {copy.app.configError}
        </Text>
        <Button onClick={onRetry} loading={retrying} radius="xl" size="md">
          {copy.app.retry}
        </Button>
      </Stack>
    </Center>
  );
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function ReadyApp({ config, Router }: { config: AppConfig; Router: RouterComponent }) {
  useDocumentBranding(config);
  const packagesPath = packagesPathSegment(config);
  // Built here, outside the Suspense boundary: a component that suspends before its first commit
  // loses its memoized values, so lazy pages created below it would be new on every retry and
  // never finish loading.
  const routes = useMemo(() => toElementRoutes(buildRoutes(packagesPath)), [packagesPath]);
  return (
    <>
      <LazyNotifications />
      <Router>
        {/* Shown while the first page's code loads; later navigations keep the old page meanwhile. */}
        <Suspense fallback={<FullScreenLoader label={copy.app.loading} />}>
          <AppRoutes routes={routes} />
        </Suspense>
      </Router>
    </>
  );
}

/** Waits for the studio config (one request), themes Mantine from it, then renders the routes. */
function Shell({ Router }: { Router: RouterComponent }) {
  const config = useAppConfigQuery();
  const theme = useMemo(() => buildTheme(config.data), [config.data]);
  const variables = useMemo(() => studioCssVariables(config.data), [config.data]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={variables} defaultColorScheme="light">
      {config.data ? (
        <ReadyApp config={config.data} Router={Router} />
      ) : config.isError ? (
        <ConfigError onRetry={() => void config.refetch()} retrying={config.isFetching} />
      ) : (
        <FullScreenLoader label={copy.app.loading} />
      )}
    </MantineProvider>
  );
}

export function App({ queryClient, Router }: { queryClient: QueryClient; Router: RouterComponent }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell Router={Router} />
    </QueryClientProvider>
  );
}
