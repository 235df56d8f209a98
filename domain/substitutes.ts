import { type Decision, refuse } from "./refusal";

/**
 * Substitute requests (docs/product-rules.md#substitute-requests, decision 0101): a coach asks for
 * a substitute for a class they teach, another coach takes it, and the owner or manager approves
 * when the studio wants that (app config `substitute_approval_required`). Pure decisions.
 */
export const SUBSTITUTE_STATUSES = ["open", "taken", "approved", "cancelled"] as const;
export type SubstituteStatus = (typeof SUBSTITUTE_STATUSES)[number];

export const SUBSTITUTE_STATUS_LABEL: Record<SubstituteStatus, string> = {
  open: "Busca suplente",
  taken: "Por aprobar",
  approved: "Suplencia confirmada",
  cancelled: "Retirada",
};

type ClassFacts = { class_date: Date; cancelled: boolean; coachIds: readonly number[] };

/** A coach asks: only for a class of theirs still to come, once while a request is open. */
export function decideAsk(
  coachId: number | null,
  klass: ClassFacts | null,
  alreadyOpen: boolean,
  now: Date,
): Decision<object> {
  if (coachId === null) return refuse("SUBSTITUTE_NOT_A_COACH");
  if (!klass || klass.cancelled) return refuse("CLASS_NOT_FOUND");
  if (klass.class_date.getTime() <= now.getTime()) return refuse("CLASS_IN_PAST");
  if (!klass.coachIds.includes(coachId)) return refuse("NOT_THE_COACH");
  if (alreadyOpen) return refuse("SUBSTITUTE_ALREADY_ASKED");
  return { ok: true };
}

/**
 * Another coach takes an open request: not their own, not a class they already teach. With
 * approval on, the request waits ("taken"); without it, the substitution is made at once.
 */
export function decideTake(
  request: { status: SubstituteStatus; requested_by: number },
  takerId: number | null,
  klass: ClassFacts,
  approvalRequired: boolean,
  now: Date,
): Decision<{ next: "taken" | "approved" }> {
  if (takerId === null) return refuse("SUBSTITUTE_NOT_A_COACH");
  if (request.status !== "open") return refuse("SUBSTITUTE_REQUEST_CLOSED");
  if (request.requested_by === takerId) return refuse("SUBSTITUTE_OWN_REQUEST");
  if (klass.cancelled || klass.class_date.getTime() <= now.getTime()) return refuse("CLASS_IN_PAST");
  if (klass.coachIds.includes(takerId)) return refuse("SUBSTITUTE_OWN_REQUEST");
  return { ok: true, next: approvalRequired ? "taken" : "approved" };
}

/** The owner or manager approves a taken request, or declines it (it opens again). */
export function decideApproval(
  request: { status: SubstituteStatus; taken_by: number | null },
  klass: Pick<ClassFacts, "class_date" | "cancelled">,
  now: Date,
): Decision<{ takenBy: number }> {
  if (request.status !== "taken" || request.taken_by === null) return refuse("SUBSTITUTE_REQUEST_CLOSED");
  if (klass.cancelled || klass.class_date.getTime() <= now.getTime()) return refuse("CLASS_IN_PAST");
  return { ok: true, takenBy: request.taken_by };
}
