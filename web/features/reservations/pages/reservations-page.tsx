import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /mystudio/reservaciones */
export function ReservationsPage() {
  return <PagePlaceholder title={copy.account.reservations} />;
}
