import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { PackagesView } from "../components/packages-view";

/** /mystudio/paquetes: the packages list inside the account area. */
export function AccountPackagesPage() {
  const config = useAppConfig();
  usePageTitle(config.class_packages_name || "Paquetes");
  return <PackagesView inAccount />;
}
