import { notifyError, notifySuccess } from "../../../components/admin/notify";
import {
  type AdminPurchase,
  useCancelForCustomer,
  useCloseCustomerAccount,
  useConfirmCash,
  useLiftPenalty,
  useRevokeAccess,
  useSendPasswordReset,
  useSetCustomerActive,
} from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.customers;

/** What the customer page's confirm modal is about to do. */
export type PendingAction =
  | { kind: "revoke"; purchase: AdminPurchase }
  | { kind: "cash"; purchase: AdminPurchase }
  | { kind: "lift"; id: number }
  | { kind: "cancel"; id: number; label: string; overrideRules: boolean }
  | { kind: "reset"; email: string }
  | { kind: "active"; active: boolean }
  | { kind: "close" };

/** Asks the page to confirm an action before it runs. */
export type AskToConfirm = (action: PendingAction) => void;

/** Runs a confirmed action on the customer; `close` runs once it succeeded. */
export function usePendingAction(customerId: number, close: () => void) {
  const revoke = useRevokeAccess(customerId);
  const cash = useConfirmCash(customerId);
  const lift = useLiftPenalty(customerId);
  const cancel = useCancelForCustomer(customerId);
  const reset = useSendPasswordReset(customerId);
  const active = useSetCustomerActive(customerId);
  const closeAccount = useCloseCustomerAccount(customerId);
  const done = {
    onSuccess: (r: { message: string }) => {
      notifySuccess(r.message);
      close();
    },
    onError: notifyError,
  };
  return {
    loading:
      revoke.isPending ||
      cash.isPending ||
      lift.isPending ||
      cancel.isPending ||
      reset.isPending ||
      active.isPending ||
      closeAccount.isPending,
    run(p: PendingAction) {
      if (p.kind === "revoke") revoke.mutate(p.purchase.purchase_id, done);
      else if (p.kind === "cash") cash.mutate(p.purchase.purchase_id, done);
      else if (p.kind === "lift") lift.mutate(p.id, done);
      else if (p.kind === "reset") reset.mutate(undefined, done);
      else if (p.kind === "active") active.mutate(p.active, done);
      else if (p.kind === "close") closeAccount.mutate(undefined, done);
      else cancel.mutate({ reservationId: p.id, overrideRules: p.overrideRules }, done);
    },
  };
}

/** The confirm modal's title, question and colour for an action. */
export function confirmText(p: PendingAction) {
  if (p.kind === "revoke")
    return { title: c.revoke, message: c.revokeConfirm(p.purchase.title), color: "red" };
  if (p.kind === "cash")
    return { title: c.confirmCash, message: c.cashConfirm(p.purchase.title), color: "green" };
  if (p.kind === "lift") return { title: c.lift, message: c.liftConfirm, color: "brand" };
  if (p.kind === "reset")
    return { title: c.passwordReset, message: c.passwordResetConfirm(p.email), color: "brand" };
  if (p.kind === "close") return { title: c.closeAccount, message: c.closeConfirm, color: "red" };
  if (p.kind === "active")
    return p.active
      ? { title: c.reactivate, message: c.reactivateConfirm, color: "green" }
      : { title: c.deactivate, message: c.deactivateConfirm, color: "red" };
  const message = p.overrideRules ? c.cancelConfirmOverride(p.label) : c.cancelConfirm(p.label);
  return { title: c.cancel, message, color: "red" };
}
