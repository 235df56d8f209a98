import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /checkout/:id: purchase of a class package. */
export function CheckoutPage() {
  return <PagePlaceholder title={copy.checkout.title} />;
}
