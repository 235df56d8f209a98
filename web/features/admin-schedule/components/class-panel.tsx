import { Button, Divider, Drawer, Group, Stack, Text, Title } from "@mantine/core";
import { IconChecklist, IconEdit, IconX } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatDateTime } from "../../../../domain/format";
import { AdminTable } from "../../../components/admin/admin-table";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { type AdminClass, useRoster } from "../api";
import { scheduleCopy as c } from "../copy";
import { CancelClassModal, useCancelClassFlow } from "./cancel-class-modal";
import { ClassSummary } from "./class-summary";
import { RepeatWeekly } from "./repeat-weekly";
import { rosterColumns } from "./roster-columns";

/**
 * One class for staff: its details, the roster with check-in state, and the actions (edit,
 * repeat weekly, cancel with refunds). Check-in itself lives on the attendance screen.
 */
export function ClassPanel({
  klass,
  onClose,
  onEdit,
}: {
  klass: AdminClass | null;
  onClose: () => void;
  onEdit: (klass: AdminClass) => void;
}) {
  const { timezone } = useAppConfig();
  const roster = useRoster(klass?.single_class_id ?? null);
  // Decision 0031: only the actions this role's permissions allow are shown.
  const can = useStaffCan();
  const cancel = useCancelClassFlow(klass, onClose);
  const rows = roster.data?.reservations ?? [];
  const when = klass ? formatDateTime(klass.class_date, timezone) : "";
  const cancelled = Boolean(klass?.cancelled_at);
  // Past classes are not edited or cancelled (the server refuses too): only attendance.
  const past = klass ? new Date(klass.class_date).getTime() <= Date.now() : false;

  return (
    <Drawer
      opened={klass !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={klass?.class_type.name}
      radius="md"
      closeButtonProps={{ "aria-label": c.close }}
    >
      {klass ? (
        <Stack gap="md">
          <ClassSummary klass={klass} when={when} />
          {past && !cancelled ? (
            <Text size="sm" c="dimmed">
              {c.pastClass}
            </Text>
          ) : null}
          <Group gap="xs">
            {cancelled || past || !can("editClass") ? null : (
              <Button leftSection={<IconEdit size={16} />} variant="light" onClick={() => onEdit(klass)}>
                {c.edit}
              </Button>
            )}
            <Button
              component={Link}
              to={`/admin/clases/${klass.single_class_id}/asistencia`}
              leftSection={<IconChecklist size={16} />}
              variant="light"
              color="teal"
            >
              {c.checkIn}
            </Button>
            {cancelled || past || !can("cancelClass") ? null : (
              <Button leftSection={<IconX size={16} />} variant="light" color="red" onClick={cancel.ask}>
                {c.cancelClass}
              </Button>
            )}
          </Group>
          {can("repeatClass") ? <Divider /> : null}
          <RepeatWeekly klass={klass} zone={timezone} hidden={!can("repeatClass")} />
          <Divider />
          <Title order={3} fz="md">
            {c.reservations}
          </Title>
          <AdminTable
            caption={`${c.reservations} ${klass.class_type.name} ${when}`}
            exportFilename={`reservaciones-${klass.single_class_id}`}
            columns={rosterColumns}
            rows={rows}
            rowKey={(r) => r.class_reservation_id}
            loading={roster.isLoading}
            emptyText={c.noReservations}
          />
          <CancelClassModal klass={klass} when={when} flow={cancel} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
