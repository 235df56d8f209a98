import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /coach/:id: coach bio (redirects home when not found, later). */
export function CoachPage() {
  return <PagePlaceholder title={copy.content.coach} />;
}
