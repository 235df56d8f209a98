import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /instructor/:id: coach profile and classes. */
export function InstructorPage() {
  return <PagePlaceholder title={copy.content.coach} />;
}
