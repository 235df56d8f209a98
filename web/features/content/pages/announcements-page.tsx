import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /avisos */
export function AnnouncementsPage() {
  return <PagePlaceholder title={copy.footer.announcements} text={copy.content.announcementsEmpty} />;
}
