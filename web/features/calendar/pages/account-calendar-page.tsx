import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio (index): calendar of in-person classes. */
export function AccountCalendarPage() {
  return <PagePlaceholder title={copy.calendar.title} subtitle={copy.calendar.subtitle} />;
}
