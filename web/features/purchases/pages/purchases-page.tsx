import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio/membresias: 'Mis Compras'. */
export function PurchasesPage() {
  return <PagePlaceholder title={copy.account.purchases} />;
}
