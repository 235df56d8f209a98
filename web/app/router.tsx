// biome-ignore-all assist/source/organizeImports: the areas are imported in the order they are mounted, public first, so the bundle keeps their pages in that order (docs/decisions/0140)
import type { RouteObject } from "react-router";
import { PublicLayout } from "./layouts/public-layout";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { page } from "./routes/lazy-page";
import { publicRoutes } from "./routes/public-routes";
import { accountRoutes } from "./routes/account-routes";
import { adminRoutes } from "./routes/admin-routes";

/**
 * Every route of the app, one file per area under routes/ (public site, customer account, admin;
 * docs/decisions/0140). The public layout ships with the shell; every page, the account layout
 * and the admin layout are lazy chunks, so a visitor's first load stays small.
 * Written as data-router route objects; app.tsx renders them with useRoutes after
 * element-routes.tsx turns `lazy` and `ErrorBoundary` into React.lazy and an error boundary.
 */
export function buildRoutes(packagesPath = "paquetes"): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          path: "/",
          Component: PublicLayout,
          children: [{ ErrorBoundary: RouteError, children: publicRoutes(packagesPath) }],
        },
        {
          path: "/mystudio",
          lazy: () => import("./layouts/account-layout"),
          children: [{ ErrorBoundary: RouteError, children: accountRoutes(packagesPath) }],
        },
        {
          path: "/admin",
          lazy: () => import("./layouts/admin-layout"),
          children: [{ ErrorBoundary: RouteError, children: adminRoutes() }],
        },
        // The check-in kiosk: full screen, none of the site's chrome (features/kiosk, decision 0097).
        {
          path: "/kiosco",
          ErrorBoundary: RouteError,
          lazy: page(() => import("../features/kiosk/pages/kiosk-page"), "KioskPage"),
        },
      ],
    },
  ];
}
