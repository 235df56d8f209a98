import { useEffect } from "react";
import { studioName } from "../../domain/app-config";
import { useAppConfig } from "./app-config";
import { pageTitle } from "./copy";
import { useCollectSeo } from "./use-seo";

/** Sets the browser tab title to "{title} · {studio name}" (or just the studio name, domain/app-config.ts). */
export function usePageTitle(title?: string) {
  const business_name = studioName(useAppConfig());
  useCollectSeo({ title: pageTitle(title ?? "", business_name) });
  useEffect(() => {
    document.title = pageTitle(title ?? "", business_name);
  }, [title, business_name]);
}
