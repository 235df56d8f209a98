import { Button, Group, Modal, Stack } from "@mantine/core";
import { willNotifyLabel } from "../../../../domain/class-changes";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { useStaffCan } from "../../../lib/staff-permissions";
import type { AdminClass } from "../api";
import { scheduleCopy as c } from "../copy";
import { ChangePreview } from "./change-preview";
import { ChangeScopeRadio } from "./change-scope-radio";
import { ClassFormFields, useClassOptions } from "./class-form-fields";
import { type ClassForm, useClassForm } from "./use-class-form";

/**
 * Create or edit a class. Date and time are the studio's wall clock (the server converts them
 * with the studio's zone), so an admin travelling elsewhere still schedules 07:00 at the studio.
 */
export function ClassFormModal(props: {
  opened: boolean;
  klass: AdminClass | null;
  day: string | null;
  onClose: () => void;
}) {
  const { opened, klass, onClose } = props;
  const flow = useClassForm(props);
  const options = useClassOptions();
  // The schedule opens this form only from buttons the role may use; the form refuses as well, so
  // it can never be filled in only to answer 403 (decision 0069).
  const can = useStaffCan();
  if (klass ? !can("editClass") : !can("createClass")) return null;
  return (
    <Modal opened={opened} onClose={onClose} title={klass ? c.editClass : c.newClass} size="lg" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          flow.submit();
        }}
      >
        <Stack gap="sm">
          <ClassFormFields form={flow} options={options} />
          {klass?.series_id ? <ChangeScopeRadio value={flow.scope} onChange={flow.setScope} /> : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={flow.busy} disabled={!flow.complete}>
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
      <ChangeConfirm flow={flow} />
    </Modal>
  );
}

/** "Se avisará a N personas" (or a series' preview) before an edit is saved. */
function ChangeConfirm({ flow }: { flow: ClassForm }) {
  const { asking } = flow;
  const tellsPeople = asking !== null && asking.people > 0;
  return (
    <ConfirmModal
      opened={asking !== null}
      title={tellsPeople ? c.notifyTitle : c.previewTitle}
      message={
        tellsPeople
          ? `${willNotifyLabel(asking.people)}. ${c.notifyHelp(asking.people)}`
          : c.previewClasses(asking?.classes ?? 1)
      }
      confirmLabel={tellsPeople ? c.saveAndNotify : c.saveAll}
      color="blue"
      loading={flow.saving}
      onConfirm={flow.confirm}
      onClose={flow.stopAsking}
    >
      {asking ? <ChangePreview impact={asking} /> : null}
    </ConfirmModal>
  );
}
