import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addLocalDays } from "../../../domain/booking";
import { api } from "../../lib/api-client";

export interface AdminClass {
  single_class_id: number;
  class_date: string;
  duration_minutes: number;
  description: string | null;
  capacity: number | null;
  location_id: number | null;
  class_type_id: number;
  class_category_id: number | null;
  class_package_id: number | null;
  class_type: { class_type_id: number; name: string; color: string | null };
  location: { location_id: number; name: string } | null;
  class_instructors: { instructor: { instructor_id: number; name: string; last_name: string | null } }[];
  tags: { tag_id: number; name: string; color: string | null }[];
  reserved: number;
  available: number;
}

export interface RosterRow {
  class_reservation_id: number;
  customer_id: number;
  name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  guest: string | null;
  guest_of_id: number | null;
  spot: string | null;
  attend: boolean;
  is_cash: boolean;
  is_paid: boolean;
  paid_with: string;
  deletedAt: string | null;
  createdAt: string;
}

export type ClassBody = {
  class_type_id: number;
  class_date: string;
  duration_minutes: number;
  capacity: number | null;
  location_id: number | null;
  class_category_id: number | null;
  class_package_id: number | null;
  description: string | null;
  instructor_ids: number[];
  tag_ids: number[];
};

const KEY = ["admin-schedule"] as const;

/** The seven days from `start` (a Monday), as staff see them: every scheduled class. */
export function useWeek(start: string) {
  return useQuery({
    queryKey: [...KEY, "week", start],
    queryFn: () =>
      api.get<{ days: { date: string; single_classes: AdminClass[] }[] }>("/single_class", {
        query: { start_date: start, end_date: addLocalDays(start, 6) },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRoster(classId: number | null) {
  return useQuery({
    queryKey: [...KEY, "roster", classId],
    queryFn: () =>
      api.get<{ single_class: AdminClass; reservations: RosterRow[] }>(
        `/admin/single_class/${classId}/reservations`,
      ),
    enabled: classId !== null,
  });
}

export type Option = { value: string; label: string };

/** Choices of the class form, read once per screen. */
export function useOptions(
  url: string,
  key: string,
  id: string,
  label: (row: Record<string, unknown>) => string,
) {
  return useQuery({
    queryKey: [...KEY, "options", url],
    queryFn: async () => {
      const rows = ((await api.get<Record<string, Record<string, unknown>[]>>(url))[key] ?? []) as Record<
        string,
        unknown
      >[];
      return rows.map((row) => ({ value: String(row[id]), label: label(row) }));
    },
    staleTime: 60_000,
  });
}

function useScheduleMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

type Message = { message: string };

export const useSaveClass = () =>
  useScheduleMutation((body: ClassBody & { single_class_id?: number }) =>
    body.single_class_id
      ? api.put<Message & { single_class: AdminClass }>("/single_class", body)
      : api.post<Message & { single_class: AdminClass }>("/single_class", body),
  );

export const useCancelClass = () =>
  useScheduleMutation((id: number) =>
    api.delete<Message & { cancelled_reservations: number; refunded_credits: number; notified: number }>(
      `/single_class/${id}`,
    ),
  );

export const useRepeatClass = () =>
  useScheduleMutation((body: { single_class_id: number; until: string }) =>
    api.post<Message & { created: number[]; skipped: number }>("/single_class/repeat", body),
  );

export const useCopyWeek = () =>
  useScheduleMutation((body: { from_start_date: string; to_start_date: string }) =>
    api.post<Message & { created: number[]; skipped: number }>("/single_class/copy-week", body),
  );
