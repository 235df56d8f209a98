import { useEffect } from "react";
import { pageTitle } from "../app/copy";
import { useAppConfig } from "../features/app-config/api";
import { useCollectSeo } from "./use-seo";

/** Sets the browser tab title to "{title} · {business_name}" (or just the business name). */
export function usePageTitle(title?: string) {
  const { business_name } = useAppConfig();
  useCollectSeo({ title: pageTitle(title ?? "", business_name) });
  useEffect(() => {
    document.title = pageTitle(title ?? "", business_name);
  }, [title, business_name]);
}
