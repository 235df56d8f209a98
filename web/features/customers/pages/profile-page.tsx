import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio/informacion: profile and billing address. */
export function ProfilePage() {
  return <PagePlaceholder title={copy.account.profile} />;
}
