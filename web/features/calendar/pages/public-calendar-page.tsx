import { copy } from "../../../lib/copy";
import { usePageTitle } from "../../../lib/use-page-title";
import { CalendarScreen } from "../components/calendar-screen";

/** /calendario: public schedule; booking asks a visitor to sign in first. */
export function PublicCalendarPage() {
  usePageTitle(copy.calendar.title);
  return <CalendarScreen title={copy.calendar.title} subtitle={copy.calendar.subtitle} />;
}
