import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio/creditos (allow_restricted_class_types) */
export function CreditsPage() {
  return <PagePlaceholder title={copy.account.credits} />;
}
