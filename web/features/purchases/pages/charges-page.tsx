import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio/pagos: 'Mis Cargos' (subscriptions_enabled). */
export function ChargesPage() {
  return <PagePlaceholder title={copy.account.charges} />;
}
