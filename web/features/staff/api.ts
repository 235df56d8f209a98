import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { seatAnswer } from "../../../domain/api/attendance";
import type { instructorsAnswer } from "../../../domain/api/instructors";
import type {
  acceptInvitationAnswer,
  firstOwnerOpenAnswer,
  invitationAnswer,
  myClass,
  myClassesAnswer,
  myProfileAnswer,
  rosterAnswer,
  rosterSeat,
  staffAnswer,
  staffInvitation,
  staffMember,
} from "../../../domain/api/staff";
import type { StaffRole } from "../../../domain/staff";
import { api } from "../../lib/api-client";
import { currentUserQueryKey } from "../../lib/session";
import { staffKeys } from "./query-keys";

export type StaffMember = z.input<typeof staffMember>;
export type StaffInvitation = z.input<typeof staffInvitation>;

export function useStaff() {
  return useQuery({
    queryKey: staffKeys.team,
    queryFn: () => api.get<z.input<typeof staffAnswer>>("/staff"),
  });
}

function useStaffMutation<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.team }),
  });
}

export const useInvite = () =>
  useStaffMutation((input: { email: string; role: StaffRole; instructor_id?: number | null }) =>
    api.post("/staff/invitations", input),
  );
export const useWithdrawInvitation = () =>
  useStaffMutation((id: number) => api.delete(`/staff/invitations/${id}`));
export const useChangeRole = () =>
  useStaffMutation((input: { userId: string; role: StaffRole }) =>
    api.put(`/staff/${encodeURIComponent(input.userId)}/role`, { role: input.role }),
  );
export const useRemoveStaff = () =>
  useStaffMutation((userId: string) => api.delete(`/staff/${encodeURIComponent(userId)}`));

/** Coach profiles to link to a coach's login. */
export function useCoachProfiles() {
  return useQuery({
    queryKey: staffKeys.coachProfiles,
    queryFn: () => api.get<z.input<typeof instructorsAnswer>>("/instructors"),
  });
}

// ----- The coach's day -----

export type MyClass = z.input<typeof myClass>;

export function useMyClasses(days: number) {
  return useQuery({
    queryKey: staffKeys.myClasses(days),
    queryFn: () => api.get<z.input<typeof myClassesAnswer>>(`/staff/me/classes?days=${days}`),
  });
}

export type RosterSeat = z.input<typeof rosterSeat>;

export function useRoster(id: number) {
  return useQuery({
    queryKey: staffKeys.roster(id),
    queryFn: () => api.get<z.input<typeof rosterAnswer>>(`/staff/me/classes/${id}/roster`),
  });
}

export function useMarkAttendance(classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { reservationId: number; attend: boolean }) =>
      api.put<z.input<typeof seatAnswer>>(`/admin/class_reservations/${input.reservationId}/attend`, {
        attend: input.attend,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.roster(classId) }),
  });
}

export type MyProfile = z.input<typeof myProfileAnswer>;

export function useMyProfile() {
  return useQuery({ queryKey: staffKeys.me, queryFn: () => api.get<MyProfile>("/staff/me/profile") });
}

export function useSaveMyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<NonNullable<MyProfile["instructor"]>>) =>
      api.put<MyProfile>("/staff/me/profile", patch),
    onSuccess: (data) => client.setQueryData(staffKeys.me, data),
  });
}

// ----- Invitation link and the first owner (no session needed) -----

export function useInvitation(token: string) {
  return useQuery({
    queryKey: staffKeys.invitation(token),
    queryFn: () =>
      api.get<z.input<typeof invitationAnswer>>(`/staff/invitation?token=${encodeURIComponent(token)}`),
    enabled: token.length > 0,
    retry: false,
  });
}

/** Accepts, then signs in with the same password so the person lands in the back office. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { token: string; name?: string; password: string }) => {
      const accepted = await api.post<z.input<typeof acceptInvitationAnswer>>(
        "/staff/invitation/accept",
        input,
      );
      await api.post("/auth/sign-in/email", { email: accepted.email, password: input.password });
      return accepted;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

export function useFirstOwnerOpen(enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.firstOwner,
    queryFn: () => api.get<z.input<typeof firstOwnerOpenAnswer>>("/setup/first-owner"),
    enabled,
    retry: false,
  });
}

export function useCreateFirstOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; email: string; password: string; setup_code: string }) => {
      await api.post("/setup/first-owner", input);
      await api.post("/auth/sign-in/email", { email: input.email, password: input.password });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
