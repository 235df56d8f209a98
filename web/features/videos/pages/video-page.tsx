import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio/video/:id: video player. */
export function VideoPage() {
  return <PagePlaceholder title={copy.videos.video} />;
}
