import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  adminSignaturesAnswer,
  adminWaiversAnswer,
  customerWaiverAnswer,
  myWaiverAnswer,
  publishedWaiverAnswer,
  publishWaiverBody,
  signedWaiverAnswer,
  signWaiverBody,
} from "../../../domain/api/waivers";
import { api } from "../../lib/api-client";
import { waiverKeys } from "./query-keys";

/** The carta responsiva (decision 0099): the customer's signing, the desk's collecting, the versions. */

export type MyWaiver = z.input<typeof myWaiverAnswer>;
export type SignBody = z.input<typeof signWaiverBody>;
export type AdminWaivers = z.input<typeof adminWaiversAnswer>;
export type AdminSignature = z.input<typeof adminSignaturesAnswer>["signatures"][number];
export type CustomerWaiver = z.input<typeof customerWaiverAnswer>;

export function useMyWaiver(enabled = true) {
  return useQuery({
    queryKey: waiverKeys.mine(),
    queryFn: ({ signal }) => api.get<MyWaiver>("/waivers/mine", { signal }),
    enabled,
  });
}

export function useSignWaiver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignBody) => api.post<z.input<typeof signedWaiverAnswer>>("/waivers/sign", body),
    onSuccess: () => client.invalidateQueries({ queryKey: waiverKeys.all }),
  });
}

export function useAdminWaivers() {
  return useQuery({
    queryKey: waiverKeys.admin(),
    queryFn: ({ signal }) => api.get<AdminWaivers>("/admin/waivers", { signal }),
  });
}

export function usePublishWaiver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof publishWaiverBody>) =>
      api.post<z.input<typeof publishedWaiverAnswer>>("/admin/waivers", body),
    onSuccess: () => client.invalidateQueries({ queryKey: waiverKeys.all }),
  });
}

export function useWaiverSignatures(versionId: number | null) {
  return useQuery({
    queryKey: waiverKeys.signatures(versionId ?? 0),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof adminSignaturesAnswer>>(`/admin/waivers/${versionId}/signatures`, { signal }),
    enabled: versionId !== null,
    select: (d) => d.signatures,
  });
}

export function useCustomerWaiver(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: waiverKeys.customer(customerId),
    queryFn: ({ signal }) => api.get<CustomerWaiver>(`/admin/customers/${customerId}/waiver`, { signal }),
    enabled,
  });
}

export function useCollectWaiver(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignBody) =>
      api.post<z.input<typeof signedWaiverAnswer>>(`/admin/customers/${customerId}/waiver`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: waiverKeys.all }),
  });
}
