import { Text } from "@mantine/core";
import { useState } from "react";
import { type ChangeScope, willNotifyLabel } from "../../../../domain/class-changes";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type AdminClass, useCancelClass, useChangeImpact } from "../api";
import { scheduleCopy as c } from "../copy";
import { ChangeScopeRadio } from "./change-scope-radio";

/** Cancelling a class (or part of its series): asked first, saying how many people will be told. */
export function useCancelClassFlow(klass: AdminClass | null, onCancelled: () => void) {
  const cancel = useCancelClass();
  const [confirming, setConfirming] = useState(false);
  const [scope, setScope] = useState<ChangeScope>("one");
  const impact = useChangeImpact(klass?.single_class_id ?? null, scope, confirming);
  const run = async () => {
    if (!klass) return;
    try {
      notifySuccess((await cancel.mutateAsync({ id: klass.single_class_id, scope })).message);
      setConfirming(false);
      onCancelled();
    } catch (error) {
      notifyError(error);
    }
  };
  return {
    confirming,
    /** Each cancellation starts with "only this class". */
    ask: () => {
      setScope("one");
      setConfirming(true);
    },
    close: () => setConfirming(false),
    scope,
    setScope,
    people: impact.data?.people,
    run,
    pending: cancel.isPending,
  };
}

type CancelFlow = ReturnType<typeof useCancelClassFlow>;

export function CancelClassModal({
  klass,
  when,
  flow,
}: {
  klass: AdminClass;
  when: string;
  flow: CancelFlow;
}) {
  return (
    <ConfirmModal
      opened={flow.confirming}
      title={c.cancelTitle}
      message={
        klass.series_id
          ? c.cancelScopeMessage(klass.class_type.name, when)
          : c.cancelMessage(klass.class_type.name, when, klass.reserved)
      }
      confirmLabel={c.cancelClass}
      loading={flow.pending}
      onConfirm={flow.run}
      onClose={flow.close}
    >
      {klass.series_id ? <ChangeScopeRadio value={flow.scope} onChange={flow.setScope} stacked /> : null}
      {flow.people !== undefined ? (
        <Text fw={600} aria-live="polite">
          {flow.people > 0 ? willNotifyLabel(flow.people) : c.nobodyToNotify}
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
