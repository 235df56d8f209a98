import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /gracias/:id: order confirmation. */
export function ThankYouPage() {
  return <PagePlaceholder title={copy.checkout.thanksTitle} />;
}
