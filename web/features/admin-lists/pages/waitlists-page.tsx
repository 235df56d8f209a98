import { Anchor, Button, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { formatDateTime, formatShortDayTime } from "../../../../domain/format";
import type { AdminColumn } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { kitCopy } from "../../../components/admin/copy";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useRemoveWaitlistEntry, type WaitlistRow } from "../api";
import { CustomerLink, DateTimeCell, StatusBadge } from "../components/cells";
import { DateRangeFilter, type DayRange, FilterBar, rangeQuery } from "../components/filter-bar";
import { ListTable } from "../components/list-table";
import { listsCopy } from "../copy";

const c = listsCopy.waitlists;
const statusLabel = kitCopy.waitlistStatus;
const stateOptions = [
  { value: "active", label: c.active },
  { value: "past", label: c.past },
  ...Object.entries(statusLabel).map(([value, label]) => ({ value, label })),
];
const statusColor: Record<string, string> = {
  waiting: "blue",
  offered: "yellow",
  promoted: "green",
  expired: "gray",
  left: "gray",
};
const inLine = (r: WaitlistRow) => !r.removedAt && (r.status === "waiting" || r.status === "offered");

/** /admin/listas-de-espera: every entry, in line or done; the admin can take someone off a line. */
export function WaitlistsPage() {
  const zone = useAppConfig().timezone;
  const [range, setRange] = useState<DayRange>({ from: "", to: "" });
  const [status, setStatus] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WaitlistRow | null>(null);
  const remove = useRemoveWaitlistEntry();
  const classLabel = (r: WaitlistRow) => `${r.class_type}, ${formatShortDayTime(r.class_date, zone)}`;

  const columns: AdminColumn<WaitlistRow>[] = [
    {
      key: "class_date",
      header: c.classDate,
      value: (r) => formatDateTime(r.class_date, zone),
      render: (r) => (
        <Anchor
          component={Link}
          to={`/admin/clases/${r.single_class_id}/asistencia`}
          size="sm"
          style={{ whiteSpace: "nowrap" }}
        >
          {formatShortDayTime(r.class_date, zone)}
        </Anchor>
      ),
    },
    { key: "type", header: c.type, sortable: false, value: (r) => r.class_type },
    {
      key: "customer",
      header: c.customer,
      value: (r) => r.customer_name,
      render: (r) => <CustomerLink id={r.customer_id} name={r.customer_name} />,
    },
    { key: "email", header: c.email, sortable: false, value: (r) => r.customer_email },
    { key: "position", header: c.position, sortable: false, align: "right", value: (r) => r.position },
    {
      key: "status",
      header: c.status,
      value: (r) => statusLabel[r.status] ?? r.status,
      render: (r) => (
        <Stack gap={2}>
          <StatusBadge color={statusColor[r.status] ?? "gray"}>
            {statusLabel[r.status] ?? r.status}
          </StatusBadge>
          {r.status === "offered" && r.offer_expires_at && !r.removedAt ? (
            <Text size="xs" c="dimmed">
              {c.offerUntil(formatShortDayTime(r.offer_expires_at, zone))}
            </Text>
          ) : null}
          {r.removedAt && r.status !== "left" ? (
            <Text size="xs" c="dimmed">
              {c.removed}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "created_at",
      header: c.joined,
      value: (r) => formatDateTime(r.createdAt, zone),
      render: (r) => <DateTimeCell at={r.createdAt} zone={zone} />,
    },
    {
      key: "actions",
      header: "",
      csv: false,
      sortable: false,
      render: (r) =>
        inLine(r) ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => setRemoving(r)}
            aria-label={c.removeOf(r.customer_name)}
          >
            {c.remove}
          </Button>
        ) : null,
    },
  ];

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.waitlist_id, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        setRemoving(null);
      },
      onError: notifyError,
    });
  };

  return (
    <AdminPage title={c.title}>
      <FilterBar label={listsCopy.filters}>
        <Select
          label={c.status}
          placeholder={listsCopy.all}
          data={stateOptions}
          value={status}
          onChange={setStatus}
          clearable
          w={{ base: "100%", xs: 220 }}
        />
        <DateRangeFilter value={range} onChange={setRange} clearable />
      </FilterBar>
      <ListTable<WaitlistRow>
        path="waitlists"
        filters={{ ...rangeQuery(range), status: status ?? undefined }}
        columns={columns}
        rowKey={(r) => r.waitlist_id}
        caption={c.caption}
        exportFilename="listas-de-espera"
        initialSort={{ key: "class_date", desc: true }}
        searchPlaceholder={c.search}
        minWidth={900}
      />
      <ConfirmModal
        opened={removing !== null}
        title={c.removeTitle}
        message={removing ? c.removeConfirm(removing.customer_name, classLabel(removing)) : ""}
        confirmLabel={c.remove}
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </AdminPage>
  );
}
