import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  acceptedPagesAnswer,
  acceptPageAnswer,
  pendingPageOut,
} from "../../../domain/api/accepted-pages";
import type {
  closureRequestedAnswer,
  closureStatusAnswer,
  emailChangeAnswer,
  emailConfirmAnswer,
  mySessionsAnswer,
  profileAnswer,
  profileOut,
  profileUpdateAnswer,
} from "../../../domain/api/customers";
import type { uploadedAnswer } from "../../../domain/api/files";
import type { customFieldsAnswer, fieldValuesAnswer } from "../../../domain/api/forms";
import type { messageAnswer } from "../../../domain/api/wire";
import type { AddressInput } from "../../../domain/customers";
import type { FieldValues } from "../../../domain/forms";
import { API_BASE, api } from "../../lib/api-client";
import { currentUserQueryKey } from "../../lib/session";
import { customerKeys } from "./query-keys";

export type Profile = z.input<typeof profileOut>;

export type PendingPage = z.input<typeof pendingPageOut>;

export function useProfile() {
  return useQuery({
    queryKey: customerKeys.profile,
    queryFn: async ({ signal }) =>
      (await api.get<z.input<typeof profileAnswer>>("/customer", { signal })).customer,
  });
}

function useInvalidateProfile() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: customerKeys.profile }),
      client.invalidateQueries({ queryKey: customerKeys.values }),
      client.invalidateQueries({ queryKey: currentUserQueryKey }),
    ]);
}

export function useUpdateProfile() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.put<z.input<typeof profileUpdateAnswer>>("/customer", body),
    onSuccess: invalidate,
  });
}

export function useSaveAddress() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: ({ address_id, ...body }: AddressInput & { address_id?: number }) =>
      // Seed save semantics: a numeric id updates (PUT), none creates (POST).
      address_id ? api.put("/addresses", { ...body, address_id }) : api.post("/addresses", body),
    onSuccess: invalidate,
  });
}

export function useCustomerFields() {
  return useQuery({
    queryKey: customerKeys.fields,
    queryFn: async ({ signal }) =>
      (
        await api.get<z.input<typeof customFieldsAnswer>>("/custom_fields", {
          query: { object: "customer" },
          signal,
        })
      ).custom_fields,
    staleTime: 5 * 60_000,
  });
}

export function useFieldValues() {
  return useQuery({
    queryKey: customerKeys.values,
    queryFn: ({ signal }) => api.get<z.input<typeof fieldValuesAnswer>>("/customer_field_values", { signal }),
  });
}

/** POST /api/files; returns the new file id. */
export async function uploadFile(file: File, kind: "image" | "file"): Promise<number> {
  const body = new FormData();
  body.append("kind", kind);
  body.append("file", file);
  return (await api.post<z.input<typeof uploadedAnswer>>("/files", body)).file_id;
}

export function useSaveFieldValues() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (values: FieldValues) => api.put("/customer_field_values", { values }),
    onSuccess: invalidate,
  });
}

export function usePendingPages(enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.pending,
    queryFn: async ({ signal }) =>
      (await api.get<z.input<typeof acceptedPagesAnswer>>("/accepted_pages", { signal })).pending,
    enabled,
  });
}

export function useAcceptPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pageId: number) =>
      api.post<z.input<typeof acceptPageAnswer>>("/accepted_pages", { page_id: pageId }),
    onSuccess: (data) => client.setQueryData(customerKeys.pending, data.pending),
  });
}

/** POST /api/customer/email: sends the confirmation link to the new address (nothing changes yet). */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (email: string) => api.post<z.input<typeof emailChangeAnswer>>("/customer/email", { email }),
  });
}

/** POST /api/customer/email/confirm: the link's token makes the new address the account's. */
export function useConfirmEmailChange() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<z.input<typeof emailConfirmAnswer>>("/customer/email/confirm", { token }),
    onSuccess: invalidate,
  });
}

/**
 * POST /api/auth/change-password (better-auth): the server checks the current password and the
 * studio's policy and ends every other session; this browser gets a new session cookie.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post("/auth/change-password", { ...body, revokeOtherSessions: true }),
  });
}

/** Where the customer's request to close the account stands (ARCO, decision 0024). */
export type ClosureStatus = z.input<typeof closureStatusAnswer>;

/** The data-export download (a plain link: the browser saves the file with the session cookie). */
export const dataExportUrl = (format: "json" | "csv") => `${API_BASE}/customer/data-export?format=${format}`;

/** GET /api/customer/closure-request */
export function useClosureStatus() {
  return useQuery({
    queryKey: customerKeys.closure,
    queryFn: () => api.get<ClosureStatus>("/customer/closure-request"),
  });
}

/** POST /api/customer/closure-request: the studio is told and confirms it from the admin. */
export function useRequestClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<z.input<typeof closureRequestedAnswer>>("/customer/closure-request"),
    onSuccess: (data) => client.setQueryData(customerKeys.closure, data),
  });
}

/** My open sessions (decision 0055): device, place and time, never a token. */
export type MySession = z.input<typeof mySessionsAnswer>["sessions"][number];

export function useMySessions() {
  return useQuery({
    queryKey: customerKeys.sessions,
    queryFn: () => api.get<z.input<typeof mySessionsAnswer>>("/account/sessions"),
  });
}

/** Ends one session; ending this one signs this browser out. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (session: MySession) =>
      api.delete<z.input<typeof messageAnswer>>(`/account/sessions/${encodeURIComponent(session.id)}`),
    onSuccess: (_data, session) => {
      if (session.current) void client.invalidateQueries({ queryKey: currentUserQueryKey });
      else void client.invalidateQueries({ queryKey: customerKeys.sessions });
    },
  });
}
