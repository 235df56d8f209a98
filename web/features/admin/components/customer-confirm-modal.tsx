import { Switch } from "@mantine/core";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { adminCopy } from "../copy";
import { confirmText, type PendingAction, usePendingAction } from "./use-customer-confirm";

const c = adminCopy.customers;

/**
 * The one confirm dialog of the customer page (revoke, confirm cash, lift, cancel, password reset,
 * (de)activate, close the account); a cancellation may override the studio's rules.
 */
export function CustomerConfirmModal({
  customerId,
  pending,
  onChange,
}: {
  customerId: number;
  pending: PendingAction | null;
  onChange: (pending: PendingAction | null) => void;
}) {
  const action = usePendingAction(customerId, () => onChange(null));
  const confirm = pending ? confirmText(pending) : null;
  return (
    <ConfirmModal
      opened={pending !== null}
      title={confirm?.title ?? ""}
      message={confirm?.message ?? ""}
      color={confirm?.color}
      loading={action.loading}
      onConfirm={() => pending && action.run(pending)}
      onClose={() => onChange(null)}
    >
      {pending?.kind === "cancel" ? (
        <Switch
          label={c.overrideCancel}
          description={c.overrideCancelHint}
          checked={pending.overrideRules}
          onChange={(e) => onChange({ ...pending, overrideRules: e.currentTarget.checked })}
        />
      ) : null}
    </ConfirmModal>
  );
}
