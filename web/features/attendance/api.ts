import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "../../lib/api-client";

export interface Seat {
  class_reservation_id: number;
  customer_id: number;
  name: string;
  email: string;
  phone: string | null;
  guest: string | null;
  guest_of_id: number | null;
  spot: string | null;
  attend: boolean;
  is_cash: boolean;
  is_paid: boolean;
  paid_with: string;
  cancelled: boolean;
}

export interface ClassSummary {
  single_class_id: number;
  class_date: string;
  duration_minutes: number;
  capacity: number | null;
  reserved: number;
  class_type: { name: string; color: string | null };
  location: { name: string } | null;
  class_instructors: { instructor: { instructor_id: number; name: string; nick_name: string | null } }[];
}

const key = ["attendance"] as const;

export function useCheckIn(id: number) {
  return useQuery({
    queryKey: [...key, "reservation", id],
    queryFn: () =>
      api.get<{ class_reservation: Seat; guests: Seat[]; single_class: ClassSummary }>(
        `/admin/class_reservations/${id}`,
      ),
  });
}

export function useClassAttendance(id: number) {
  return useQuery({
    queryKey: [...key, "class", id],
    queryFn: () =>
      api.get<{ single_class: ClassSummary; reservations: Seat[]; attended: number }>(
        `/admin/single_class/${id}/attendance`,
      ),
  });
}

export function useSetAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, attend }: { id: number; attend: boolean }) =>
      api.put<{ message: string }>(`/admin/class_reservations/${id}/attend`, { attend }),
    onSuccess: (data) => {
      notifications.show({ color: "green", message: data.message, autoClose: 3000 });
      client.invalidateQueries({ queryKey: key });
    },
    onError: (error) =>
      notifications.show({
        color: "red",
        message: isApiError(error) ? error.message : "Error",
        autoClose: 5000,
      }),
  });
}
