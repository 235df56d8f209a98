import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /preguntas-frecuentes */
export function FaqPage() {
  return <PagePlaceholder title={copy.content.faq} />;
}
