import { PagePlaceholder } from "../../../components/page-placeholder";
import { useAppConfig } from "../../app-config/api";

/** /mystudio/paquetes (or the configured path): the shop inside the account. */
export function AccountPackagesPage() {
  const { class_packages_name } = useAppConfig();
  return <PagePlaceholder title={class_packages_name} />;
}
