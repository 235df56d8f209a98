import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /admin: administration home. */
export function AdminHomePage() {
  return <PagePlaceholder title={copy.admin.title} />;
}
