import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { PackagesView } from "../components/packages-view";

/** /paquetes (or class_packages_path): the public packages list. */
export function PackagesPage() {
  const config = useAppConfig();
  usePageTitle(config.class_packages_name || "Paquetes");
  return <PackagesView />;
}
