import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio/metodos: saved cards. */
export function PaymentMethodsPage() {
  return <PagePlaceholder title={copy.paymentMethods.title} />;
}
