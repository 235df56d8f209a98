import { useEffect } from "react";
import { pageTitle } from "../app/copy";
import { useAppConfig } from "../features/app-config/api";

/** Sets the browser tab title to "{title} · {business_name}" (or just the business name). */
export function usePageTitle(title?: string) {
  const { business_name } = useAppConfig();
  useEffect(() => {
    document.title = pageTitle(title ?? "", business_name);
  }, [title, business_name]);
}
