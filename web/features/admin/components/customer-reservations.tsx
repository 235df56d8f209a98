import { Badge, Button } from "@mantine/core";
import { formatDateTime } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import type { CustomerDetail } from "../api";
import { adminCopy } from "../copy";
import { Section } from "./customer-section";
import type { AskToConfirm } from "./use-customer-confirm";

const c = adminCopy.customers;

type Reservation = CustomerDetail["reservations"][number];

function reservationColumns(timeZone: string, onAsk: AskToConfirm): AdminColumn<Reservation>[] {
  const now = Date.now();
  const classLabel = (r: Reservation) => `${r.class_type} · ${formatDateTime(r.class_date, timeZone)}`;
  // Only the customer's own booking of a class still ahead can be cancelled (a guest's goes with it).
  const cancellable = (r: Reservation) =>
    !r.deletedAt && !r.class_cancelledAt && !r.guest_of_id && new Date(r.class_date).getTime() > now;
  return [
    {
      key: "date",
      header: c.date,
      value: (r) => r.class_date,
      render: (r) => formatDateTime(r.class_date, timeZone),
    },
    {
      key: "class",
      header: c.class,
      value: (r) => (r.guest_of_id ? `${r.class_type} (${c.guest}: ${r.guest})` : r.class_type),
    },
    { key: "location", header: c.location, value: (r) => r.location },
    { key: "spot", header: c.spot.replace(" (opcional)", ""), value: (r) => r.spot },
    {
      key: "status",
      header: c.status,
      value: (r) => (r.deletedAt || r.class_cancelledAt ? c.cancelledTag : r.attend ? c.attended : ""),
      render: (r) =>
        r.deletedAt || r.class_cancelledAt ? (
          <Badge color="gray" variant="light" size="sm">
            {c.cancelledTag}
          </Badge>
        ) : r.attend ? (
          <Badge color="green" variant="light" size="sm">
            {c.attended}
          </Badge>
        ) : null,
    },
    {
      key: "actions",
      header: "",
      csv: false,
      sortable: false,
      render: (r) =>
        cancellable(r) ? (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() =>
              onAsk({
                kind: "cancel",
                id: r.class_reservation_id,
                label: classLabel(r),
                overrideRules: false,
              })
            }
          >
            {c.cancel}
          </Button>
        ) : null,
    },
  ];
}

/** "Reservaciones": the customer's bookings, each one ahead cancellable after a confirmation. */
export function CustomerReservations({
  customerId,
  reservations,
  timeZone,
  onAsk,
}: {
  customerId: number;
  reservations: Reservation[];
  timeZone: string;
  onAsk: AskToConfirm;
}) {
  return (
    <Section title={c.reservations}>
      <AdminTable
        caption={c.reservations}
        exportFilename={`reservaciones-${customerId}`}
        columns={reservationColumns(timeZone, onAsk)}
        rows={reservations}
        rowKey={(r) => r.class_reservation_id}
        initialState={{ pageSize: 10 }}
        minWidth={760}
      />
    </Section>
  );
}
