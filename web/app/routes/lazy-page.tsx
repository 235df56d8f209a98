import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import type { AppConfig, AppConfigKey } from "../../../domain/app-config";
import { NotFoundPage } from "../../features/content/pages/not-found-page";
import { useAppConfig } from "../../lib/app-config";

/** A studio setting that switches a screen on or off. */
export type FeatureFlag = { [K in AppConfigKey]: AppConfig[K] extends boolean ? K : never }[AppConfigKey];

/** Renders a page only while its feature flag is on; otherwise the 404 page. */
function FeatureGate({ flag, page: Page }: { flag: FeatureFlag; page: ComponentType }) {
  const config = useAppConfig();
  return config[flag] ? <Page /> : <NotFoundPage />;
}

/** The export names of a page module that are components. */
type PageExport<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * A lazily loaded page: `load` is the page's own dynamic import, so each page stays its own chunk,
 * and `name` the component it exports. With `flag`, the page is a 404 while that feature is off.
 */
export function page<M>(
  load: () => Promise<M>,
  name: PageExport<M>,
  flag?: FeatureFlag,
): RouteObject["lazy"] {
  return async () => {
    const Page = (await load())[name] as ComponentType;
    return flag ? { element: <FeatureGate flag={flag} page={Page} /> } : { Component: Page };
  };
}
