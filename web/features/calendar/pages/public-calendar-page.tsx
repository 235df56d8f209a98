import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /calendario: public weekly schedule. */
export function PublicCalendarPage() {
  return <PagePlaceholder title={copy.calendar.title} />;
}
