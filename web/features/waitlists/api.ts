import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { acceptOfferAnswer, MyWaitlist, myWaitlistsAnswer } from "../../../domain/api/waitlists";
import { waitlistKeys } from "../../components/waitlist-keys";
import { api, isApiError } from "../../lib/api-client";

export type { MyWaitlist };

export function useMyWaitlists() {
  return useQuery({
    queryKey: waitlistKeys.mine,
    queryFn: () => api.get<z.input<typeof myWaitlistsAnswer>>("/waitlist"),
  });
}

/** Accepts an offered seat (offer mode): the first to accept takes it. */
export function useAcceptOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (waitlist_id: number) =>
      api.put<z.input<typeof acceptOfferAnswer>>("/waitlist", { waitlist_id, accept: true }),
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
