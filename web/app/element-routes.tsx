import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode } from "react";
import { Outlet, type RouteObject, useLocation } from "react-router";

/**
 * The routes of router.tsx, rendered by React Router's declarative API (<BrowserRouter> and
 * useRoutes) instead of its data router. Nothing here uses loaders, actions or fetchers, and the
 * data router was 17 KB gzip of the JavaScript every visitor downloaded (the home page
 * must stay under 150 KB). router.tsx keeps describing routes the data-router way (`lazy`,
 * `ErrorBoundary`); this file turns them into what useRoutes renders:
 * - a `lazy` route becomes a React.lazy component (the Suspense boundary is in app.tsx, above
 *   every route, and BrowserRouter navigates in a transition, so the old page stays on screen
 *   while the next page's code loads, as before);
 * - an `ErrorBoundary` becomes a React error boundary that forgets the error on navigation.
 */

type LazyRoute = () => Promise<{ Component?: ComponentType | null; element?: ReactNode }>;

function lazyRouteComponent(load: LazyRoute): ComponentType {
  return lazy(async () => {
    const { Component: Page, element } = await load();
    return { default: Page ?? (() => <>{element ?? null}</>) };
  });
}

export function toElementRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const {
      lazy: load,
      ErrorBoundary: Fallback,
      children,
      ...rest
    } = route as RouteObject & {
      children?: RouteObject[];
    };
    const converted = { ...rest } as RouteObject & { children?: RouteObject[] };
    if (children) converted.children = toElementRoutes(children);
    if (typeof load === "function") converted.Component = lazyRouteComponent(load as LazyRoute);
    if (Fallback) {
      const Inner = converted.Component;
      converted.Component = undefined;
      converted.element = (
        <RouteErrorBoundary fallback={Fallback}>
          {Inner ? <Inner /> : (converted.element ?? <Outlet />)}
        </RouteErrorBoundary>
      );
    }
    return converted;
  });
}

type BoundaryProps = { fallback: ComponentType; pathname: string; children: ReactNode };
type BoundaryState = { error: unknown; pathname: string | null };

/** Catches render errors (and chunks that failed to load) below a route; cleared on navigation. */
class PathErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return { pathname: props.pathname };
    // An error belongs to the page it happened on: going elsewhere clears it.
    return state.pathname !== props.pathname ? { error: null, pathname: props.pathname } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    const Fallback = this.props.fallback;
    return this.state.error !== null ? <Fallback /> : this.props.children;
  }
}

function RouteErrorBoundary({ fallback, children }: { fallback: ComponentType; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PathErrorBoundary fallback={fallback} pathname={pathname}>
      {children}
    </PathErrorBoundary>
  );
}
