import { staffRoleOf } from "../../domain/staff";
import { STAFF_ACTIONS, type StaffAction } from "../../domain/staff-actions";
import { roleMayCall } from "../../domain/staff-permissions";
import { useCurrentUser } from "./session";

/**
 * Whether the signed-in staff member may use a back-office action, read from the permissions table
 * the server enforces (domain/staff-permissions.ts, its one owner: decision 0069): a button the
 * role would only get a 403 from is not shown. No role known (still loading, or a customer): nothing
 * is allowed, so a button never flashes in and out.
 */
export function useStaffCan(): (action: StaffAction) => boolean {
  const role = staffRoleOf(useCurrentUser().data?.staff_role);
  return (action) => (role ? roleMayCall(role, STAFF_ACTIONS[action]) : false);
}
