import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { customerRow, quickSearchAnswer } from "../../../domain/api/admin-customers";
import type {
  checkInAllAnswer,
  checkInAnswer,
  checkInClass,
  checkInSeat,
  checkInStatus,
  classAttendanceAnswer,
  seatAnswer,
  walkInAnswer,
} from "../../../domain/api/attendance";
import type { classPackagesAnswer } from "../../../domain/api/packages";
import { api, isApiError } from "../../lib/api-client";
import { attendanceKeys } from "./query-keys";

/** A seat's state at the door (server/modules/attendance: statusOf). */
export type CheckInStatus = z.input<typeof checkInStatus>;
export type Seat = z.input<typeof checkInSeat>;
export type ClassSummary = z.input<typeof checkInClass>;
export type ClassAttendance = z.input<typeof classAttendanceAnswer>;

const notifyError = (error: unknown) =>
  notifications.show({
    color: "red",
    message: isApiError(error) ? error.message : "No pudimos guardar el cambio. Inténtalo de nuevo.",
    autoClose: 5000,
  });
const notifyOk = (message: string) => notifications.show({ color: "green", message, autoClose: 3000 });

export function useCheckIn(id: number) {
  return useQuery({
    queryKey: attendanceKeys.reservation(id),
    queryFn: () => api.get<z.input<typeof checkInAnswer>>(`/admin/class_reservations/${id}`),
  });
}

export function useClassAttendance(id: number) {
  return useQuery({
    queryKey: attendanceKeys.class(id),
    queryFn: () => api.get<ClassAttendance>(`/admin/single_class/${id}/attendance`),
  });
}

/** Sets a seat's state (PUT /admin/class_reservations/:id/check_in). */
export function useSetCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: CheckInStatus }) =>
      api.put<z.input<typeof seatAnswer>>(`/admin/class_reservations/${id}/check_in`, {
        status,
      }),
    onSuccess: (data) => {
      notifyOk(data.message);
      client.invalidateQueries({ queryKey: attendanceKeys.all });
    },
    onError: notifyError,
  });
}

export function useCheckInAll(classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<z.input<typeof checkInAllAnswer>>(`/admin/single_class/${classId}/check_in_all`),
    onSuccess: (data) => {
      notifyOk(data.message);
      client.invalidateQueries({ queryKey: attendanceKeys.all });
    },
    onError: notifyError,
  });
}

export interface WalkInInput {
  customer_id?: number;
  customer?: { name: string; last_name?: string; phone: string; email?: string };
  payment: "credit" | "cash";
  class_package_id?: number;
  amount?: number;
}

export function useWalkIn(classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WalkInInput) =>
      api.post<z.input<typeof walkInAnswer>>(`/admin/single_class/${classId}/walk_in`, input),
    onSuccess: (data) => {
      notifyOk(data.message);
      client.invalidateQueries({ queryKey: attendanceKeys.all });
    },
  });
}

export type CustomerHit = z.input<typeof customerRow>;

/** The desk's quick customer search (ten results) for a walk-in. */
export function useCustomerSearch(query: string) {
  return useQuery({
    queryKey: attendanceKeys.customers(query),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof quickSearchAnswer>>("/customer/query", { query: { query }, signal }),
    enabled: query.trim().length >= 2,
    staleTime: 10_000,
  });
}

export type PackageOption = z.input<typeof classPackagesAnswer>["class_packages"][number];

/** Packages the desk may sell for cash at the door (not online, not subscriptions). */
export function useDoorPackages(enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.packages,
    queryFn: async () => {
      const res = await api.get<z.input<typeof classPackagesAnswer>>("/class_packages/admin/all");
      return res.class_packages.filter((p) => !p.is_subscription && !p.is_online);
    },
    enabled,
  });
}
