import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";
import { useAppConfig } from "../../app-config/api";

/** /mystudio/online (videos_enabled): '{business} Online'. */
export function VideosPage() {
  const { business_name } = useAppConfig();
  return <PagePlaceholder title={`${business_name} ${copy.videos.titleSuffix}`} />;
}
