import { contentCopy } from "../copy";
import { ContentPageView } from "./content-page";

/** /preguntas-frecuentes: the content page with that slug, edited by the studio like any other. */
export function FaqPage() {
  return <ContentPageView slug="preguntas-frecuentes" fallbackTitle={contentCopy.faq} />;
}
