import { Switch } from "@mantine/core";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { useStaffCan } from "../../../lib/staff-permissions";
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
  // Closing an account is the owner's alone (decision 0031): its menu item shows only to them, and
  // the dialog never runs it for another role either.
  const can = useStaffCan();
  const allowed = pending?.kind !== "close" || can("closeAccount");
  const confirm = pending && allowed ? confirmText(pending) : null;
  return (
    <ConfirmModal
      opened={pending !== null && allowed}
      title={confirm?.title ?? ""}
      message={confirm?.message ?? ""}
      color={confirm?.color}
      loading={action.loading}
      onConfirm={() => pending && allowed && action.run(pending)}
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
