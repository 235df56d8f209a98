import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /ubicacion */
export function LocationPage() {
  return <PagePlaceholder title={copy.content.location} />;
}
