/**
 * Query keys of Mi Información, from one factory (docs/decisions/0133); values unchanged. The
 * signed-in user's own key is the shell's (web/lib/query-keys.ts).
 */
const all = ["customers"] as const;

export const customerKeys = {
  all,
  profile: [...all, "profile"] as const,
  fields: [...all, "fields"] as const,
  values: [...all, "values"] as const,
  pending: [...all, "pending-pages"] as const,
  sessions: [...all, "sessions"] as const,
  /** The request to close the account (its own prefix, as it always had). */
  closure: ["customer", "closure-request"] as const,
};
