import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio/waitlists (waitlist_enabled) */
export function WaitlistsPage() {
  return <PagePlaceholder title={copy.account.waitlists} />;
}
