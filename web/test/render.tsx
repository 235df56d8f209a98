import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen as boundScreen, configure, type RenderResult, render, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { resolveAppConfig } from "../../domain/app-config";
import { setApiTransport } from "../lib/api-client";
import { appConfigQueryKey } from "../lib/app-config";

// findBy… and waitFor give up after 1 s by default: in CI these files run inside the API suites,
// four suites on two cores, where a first render took longer than that (two cash-close tests
// failed so while passing alone). A query that never matches still fails, only later.
configure({ asyncUtilTimeout: 30_000 });

/**
 * Testing Library's `screen`, asked of the document each file has now. Its own `screen` is bound to
 * the `document.body` of the file that first imported it: the API suites run files with
 * `isolate: false` (vitest.config.ts), so the next component file got a stale body and found nothing.
 */
export const screen: typeof boundScreen = new Proxy(boundScreen, {
  get: (fallback, name) => {
    const current = within(document.body) as Record<string | symbol, unknown>;
    return name in current ? current[name] : Reflect.get(fallback, name);
  },
});

/** A request a component made, as the mocked transport saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * "GET /corte-de-caja" → the JSON answer (or a function of the request and its query string, for
 * a paged list; a Response is sent as it is, e.g. a 409 with its code); anything else is a 404.
 */
export type Routes = Record<string, unknown | ((request: SeenRequest, query: URLSearchParams) => unknown)>;

/**
 * Renders `ui` inside the app's providers (Mantine, a fresh QueryClient holding the default studio
 * config, a router at `path`) with the API answered from `routes` instead of the network
 * (docs/decisions/0133). Returns the requests made, in order.
 */
export function renderWithApp(
  ui: ReactElement,
  { routes = {}, path = "/" }: { routes?: Routes; path?: string } = {},
): RenderResult & { requests: SeenRequest[] } {
  const requests: SeenRequest[] = [];
  setApiTransport(async (url, init) => {
    const { pathname, searchParams } = new URL(url, "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const seen = {
      method,
      path: pathname.replace(/^\/api/, ""),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    requests.push(seen);
    const key = `${method} ${seen.path}`;
    if (!(key in routes))
      return Response.json({ code: "NOT_FOUND", message: "No encontrado" }, { status: 404 });
    const answer = routes[key];
    const body = typeof answer === "function" ? answer(seen, searchParams) : answer;
    // A Response is sent as it is: an error answer (4xx with its code) for a flow's failure path.
    return body instanceof Response ? body : Response.json(body);
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(appConfigQueryKey, resolveAppConfig([]));
  const result = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return Object.assign(result, { requests });
}
