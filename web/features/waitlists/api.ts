import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type WaitlistEntry, waitlistKey } from "../../components/waitlist-modal";
import { api, isApiError } from "../../lib/api-client";

export interface MyWaitlist extends WaitlistEntry {
  closed: boolean;
  single_class: {
    single_class_id: number;
    class_date: string;
    duration_minutes: number;
    cancelled: boolean;
    class_type: { name: string; color: string | null };
    location: { name: string } | null;
    class_instructors: { instructor: { instructor_id: number; name: string; nick_name: string | null } }[];
  };
}

export function useMyWaitlists() {
  return useQuery({
    queryKey: [...waitlistKey, "mine"],
    queryFn: () => api.get<{ waitlists: MyWaitlist[] }>("/waitlist"),
  });
}

/** Accepts an offered seat (offer mode): the first to accept takes it. */
export function useAcceptOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (waitlist_id: number) =>
      api.put<{ message: string }>("/waitlist", { waitlist_id, accept: true }),
    onSuccess: (data) => notifications.show({ color: "green", message: data.message, autoClose: 3000 }),
    onError: (error) =>
      notifications.show({
        color: "red",
        message: isApiError(error) ? error.message : "Error",
        autoClose: 5000,
      }),
    onSettled: () => client.invalidateQueries(),
  });
}
