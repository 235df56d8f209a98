import { PagePlaceholder } from "../../../components/page-placeholder";
import { useAppConfig } from "../../app-config/api";

/** /paquetes (or the configured class_packages_path): public packages list. */
export function PackagesPage() {
  const { class_packages_name } = useAppConfig();
  return <PagePlaceholder title={class_packages_name} />;
}
