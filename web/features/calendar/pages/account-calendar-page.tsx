import { copy } from "../../../lib/copy";
import { usePageTitle } from "../../../lib/use-page-title";
import { CalendarScreen } from "../components/calendar-screen";

/** /mystudio (index): calendar of in-person classes. */
export function AccountCalendarPage() {
  usePageTitle(copy.calendar.title);
  return <CalendarScreen title={copy.calendar.title} subtitle={copy.calendar.subtitle} />;
}
