import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  automationBody,
  automationsAnswer,
  inboxAnswer,
  messagesAnswer,
  myMessagingAnswer,
  myMessagingBody,
} from "../../../domain/api/messaging";
import type { messageAnswer } from "../../../domain/api/wire";
import type { Automation } from "../../../domain/messaging/automations";
import { api } from "../../lib/api-client";
import { messagingKeys } from "./query-keys";

/** WhatsApp, SMS and push (docs/product-rules.md#messaging): the customer's choices and the desk's screens. */

export type MyMessaging = z.input<typeof myMessagingAnswer>;
export type MyMessagingBody = z.input<typeof myMessagingBody>;
export type InboxItem = z.input<typeof inboxAnswer>["items"][number];
export type Message = z.input<typeof messagesAnswer>["messages"][number];
export type AutomationRow = z.input<typeof automationsAnswer>["automations"][number];
export type AutomationBody = z.input<typeof automationBody>;
type Confirmed = z.input<typeof messageAnswer>;

export function useMyMessaging() {
  return useQuery({
    queryKey: messagingKeys.mine(),
    queryFn: ({ signal }) => api.get<MyMessaging>("/customer/messaging", { signal }),
  });
}

/** The choices as the API takes them: only the boxes sent change. */
export function saveMyMessaging(body: MyMessagingBody) {
  return api.put<MyMessaging & Confirmed>("/customer/messaging", body);
}

export function useSaveMyMessaging() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMyMessaging,
    onSuccess: (data) => client.setQueryData(messagingKeys.mine(), data),
  });
}

/** Registers this browser for push with the studio's public key (the service worker shows them). */
export async function subscribeThisDevice(publicKey: string): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (ch) =>
    ch.charCodeAt(0),
  );
  const sub = (
    await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  ).toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await api.post<Confirmed>("/customer/push-subscriptions", { endpoint: sub.endpoint, keys: sub.keys });
}

export function useInbox() {
  return useQuery({
    queryKey: messagingKeys.inbox(),
    queryFn: ({ signal }) => api.get<z.input<typeof inboxAnswer>>("/admin/messaging/inbox", { signal }),
    select: (d) => d.items,
  });
}

export function useReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      api.post<Confirmed>(`/admin/messaging/inbox/${id}/reply`, { text }),
    onSuccess: () => client.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}

export function useAutomations() {
  return useQuery({
    queryKey: messagingKeys.automations(),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof automationsAnswer>>("/admin/messaging/automations", { signal }),
    select: (d) => d.automations,
  });
}

export function useSaveAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ automation, body }: { automation: Automation; body: AutomationBody }) =>
      api.put<z.input<typeof automationsAnswer> & Confirmed>(
        `/admin/messaging/automations/${automation}`,
        body,
      ),
    onSuccess: (data) => client.setQueryData(messagingKeys.automations(), { automations: data.automations }),
  });
}

export function useCustomerMessages(customerId: number, enabled = true) {
  return useQuery({
    queryKey: messagingKeys.customer(customerId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof messagesAnswer>>(`/admin/customers/${customerId}/messages`, { signal }),
    select: (d) => d.messages,
    enabled,
  });
}
