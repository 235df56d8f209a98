import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { staffPermissionsAnswer } from "../../domain/api/staff";
import { STAFF_ACTIONS, type StaffAction } from "../../domain/staff-actions";
import { api } from "./api-client";
import { useCurrentUser } from "./session";

type StaffPermissions = z.input<typeof staffPermissionsAnswer>;

/**
 * Whether the signed-in staff member may use a back-office action, from the server's own
 * permissions table (GET /api/staff/me/permissions, decision 0031): a button the role would only
 * get a 403 from is not shown. Until the answer arrives nothing is allowed, so a button never
 * flashes in and out.
 */
export function useStaffCan(): (action: StaffAction) => boolean {
  const role = useCurrentUser().data?.staff_role ?? null;
  const permissions = useQuery({
    queryKey: ["staff", "permissions", role],
    queryFn: ({ signal }) => api.get<StaffPermissions>("/staff/me/permissions", { signal }),
    enabled: role !== null,
    staleTime: 5 * 60_000,
  });
  const data = permissions.data;
  return (action) => (data ? staffMay(data, STAFF_ACTIONS[action]) : false);
}

/** Every key of STAFF_ACTIONS is in the table (staff.test.ts), so `allowed` decides. */
export function staffMay(permissions: StaffPermissions, route: string): boolean {
  return permissions.staff_role === "owner" || permissions.allowed.includes(route);
}
