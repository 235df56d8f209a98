import { Badge } from "@mantine/core";
import type { AdminColumn } from "../../../components/admin/admin-table";
import type { RosterRow } from "../api";
import { scheduleCopy as c } from "../copy";

const fullName = (r: RosterRow) => [r.name, r.last_name].filter(Boolean).join(" ");

/** A class's roster: who, how to reach them, their spot, check-in, state and how they paid. */
export const rosterColumns: AdminColumn<RosterRow>[] = [
  {
    key: "customer",
    header: c.customer,
    value: (r) => (r.guest_of_id ? `${r.guest} (${c.guest} ${fullName(r)})` : fullName(r)),
  },
  { key: "email", header: c.email, value: (r) => r.email },
  { key: "phone", header: c.phone, value: (r) => r.phone ?? "" },
  { key: "spot", header: c.spot, value: (r) => r.spot ?? "" },
  {
    key: "attend",
    header: c.attendance,
    value: (r) => (r.attend ? c.attended : c.pending),
    render: (r) => (
      <Badge color={r.attend ? "green" : "gray"} variant="light">
        {r.attend ? c.attended : c.pending}
      </Badge>
    ),
  },
  {
    key: "status",
    header: c.status,
    value: (r) => (r.deletedAt ? c.cancelled : c.active),
    render: (r) => (
      <Badge color={r.deletedAt ? "red" : "blue"} variant="light">
        {r.deletedAt ? c.cancelled : c.active}
      </Badge>
    ),
  },
  { key: "payment", header: c.payment, value: (r) => c.paidWith(r.paid_with, r.is_cash, r.is_paid) },
];
