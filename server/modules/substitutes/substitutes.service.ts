import { AppError } from "../../../domain/errors";
import { formatDateTime } from "../../../domain/format";
import { t } from "../../../domain/messages";
import { refusalError } from "../../../domain/refusal";
import { decideApproval, decideAsk, decideTake, type SubstituteStatus } from "../../../domain/substitutes";
import type { AuthUser } from "../../auth/auth";
import type { ChangeDeps } from "../admin-schedule/class-changes.service";
import { substituteCoach } from "../admin-schedule/class-changes.service";
import { findClassesWithDetails } from "../calendar/calendar.service";
import { renderEmail } from "../notifications/email-layout";
import * as repo from "./substitutes.repository";

/**
 * Substitute requests (decision 0101): a coach asks, another takes, the owner approves when the
 * studio wants it; the substitution itself is the schedule's (substituteCoach), so the people
 * booked and both coaches are told exactly as when the owner substitutes directly.
 */

const isManager = (user: AuthUser) => user.staff_role === "owner" || user.staff_role === "manager";

async function classFacts(deps: ChangeDeps, classId: number) {
  const start = await repo.classStart(deps.db, classId);
  if (!start) return null;
  return {
    class_date: start.class_date,
    cancelled: start.cancelledAt !== null,
    coachIds: await repo.classCoachIds(deps.db, classId),
  };
}

export async function askForSubstitute(
  deps: ChangeDeps,
  user: AuthUser,
  input: { single_class_id: number; note?: string | null },
  now = new Date(),
) {
  const coach = await repo.instructorOfLogin(deps.db, user.id);
  const klass = await classFacts(deps, input.single_class_id);
  const open = coach ? await repo.openRequestOf(deps.db, input.single_class_id, coach.instructor_id) : null;
  const decision = decideAsk(coach?.instructor_id ?? null, klass, open !== null, now);
  if (!decision.ok) throw refusalError(decision.refusal);
  const row = await repo.insertRequest(deps.db, {
    single_class_id: input.single_class_id,
    requested_by: coach!.instructor_id,
    note: input.note?.trim() || null,
  });
  await tellOtherCoaches(deps, row.single_class_id, coach!.nick_name || coach!.name, klass!.coachIds);
  return { message: t("substituteRequested"), substitute_request_id: row.substitute_request_id };
}

/** Every other coach with a login hears that a class needs someone (the same one place as a coach's notice). */
async function tellOtherCoaches(
  deps: ChangeDeps,
  classId: number,
  asker: string,
  teaching: readonly number[],
) {
  const klass = (await findClassesWithDetails(deps.db, [classId])).get(classId);
  if (!klass) return;
  const date = formatDateTime(klass.class_date, deps.config.timezone);
  for (const coach of await repo.otherCoachEmails(deps.db, [...teaching])) {
    try {
      const email = renderEmail(deps.config, deps.publicUrl, {
        title: `¿Puedes cubrir ${klass.class_type.name}?`,
        lines: [
          `Hola ${coach.name}, ${asker} busca suplente para ${klass.class_type.name} del ${date}${klass.location ? ` en ${klass.location.name}` : ""}.`,
          "Si puedes darla, tómala desde Suplencias en el panel.",
        ],
        action: { label: "Ver suplencias", url: `${deps.publicUrl}/admin/suplencias` },
      });
      await deps.mailer.send({ to: coach.email, template: "substitute-request", ...email });
    } catch (error) {
      deps.log?.error({ err: error }, "substitute request email failed");
    }
  }
}

/** Runs the swap through the schedule (notices to people and coaches), then closes the request. */
async function substitute(
  deps: ChangeDeps,
  actor: string,
  request: repo.SubstituteRequestRow,
  takenBy: number,
  now: Date,
) {
  await substituteCoach(
    deps,
    actor,
    {
      instructor_id: request.requested_by,
      changes: [{ single_class_id: request.single_class_id, instructor_id: takenBy }],
    },
    now,
  );
  return repo.updateRequest(deps.db, request.substitute_request_id, {
    status: "approved",
    taken_by: takenBy,
    taken_at: request.taken_at ?? now,
    decided_by: actor,
    decided_at: now,
  });
}

export async function takeRequest(deps: ChangeDeps, user: AuthUser, id: number, now = new Date()) {
  const coach = await repo.instructorOfLogin(deps.db, user.id);
  const claimed = await deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (!request) throw AppError.of("SUBSTITUTE_REQUEST_NOT_FOUND");
    const klass = await classFacts({ ...deps, db: tx }, request.single_class_id);
    if (!klass) throw AppError.of("SUBSTITUTE_REQUEST_NOT_FOUND");
    const decision = decideTake(
      { status: request.status as SubstituteStatus, requested_by: request.requested_by },
      coach?.instructor_id ?? null,
      klass,
      deps.config.substitute_approval_required,
      now,
    );
    if (!decision.ok) throw refusalError(decision.refusal);
    // Claimed in the lock: a second coach tapping at once finds it taken.
    const row = await repo.updateRequest(tx, id, {
      status: "taken",
      taken_by: coach!.instructor_id,
      taken_at: now,
    });
    return { row, next: decision.next };
  });
  if (claimed.next === "taken") return { message: t("substituteTakenPending"), status: "taken" as const };
  try {
    await substitute(deps, user.id, claimed.row, coach!.instructor_id, now);
  } catch (error) {
    // The swap was refused (the class changed meanwhile): the request opens again.
    await repo.updateRequest(deps.db, id, { status: "open", taken_by: null, taken_at: null });
    throw error;
  }
  return { message: t("substituteTaken"), status: "approved" as const };
}

export async function approveRequest(deps: ChangeDeps, user: AuthUser, id: number, now = new Date()) {
  const request = await repo.lockRequest(deps.db, id);
  if (!request) throw AppError.of("SUBSTITUTE_REQUEST_NOT_FOUND");
  const klass = await classFacts(deps, request.single_class_id);
  if (!klass) throw AppError.of("SUBSTITUTE_REQUEST_NOT_FOUND");
  const decision = decideApproval(
    { status: request.status as SubstituteStatus, taken_by: request.taken_by },
    klass,
    now,
  );
  if (!decision.ok) throw refusalError(decision.refusal);
  await substitute(deps, user.id, request, decision.takenBy, now);
  return { message: t("substituteApproved"), status: "approved" as const };
}

export async function declineRequest(deps: ChangeDeps, user: AuthUser, id: number, now = new Date()) {
  return deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (!request) throw AppError.of("SUBSTITUTE_REQUEST_NOT_FOUND");
    if (request.status !== "taken") throw AppError.of("SUBSTITUTE_REQUEST_CLOSED");
    await repo.updateRequest(tx, id, {
      status: "open",
      taken_by: null,
      taken_at: null,
      decided_by: user.id,
      decided_at: now,
    });
    return { message: t("substituteDeclined"), status: "open" as const };
  });
}

export async function cancelRequest(deps: ChangeDeps, user: AuthUser, id: number) {
  const coach = await repo.instructorOfLogin(deps.db, user.id);
  return deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (!request) throw AppError.of("SUBSTITUTE_REQUEST_NOT_FOUND");
    // The coach who asked, or the owner/manager, may withdraw it while nobody has been confirmed.
    const mine = coach !== null && request.requested_by === coach.instructor_id;
    if (!mine && !isManager(user)) throw AppError.of("SUBSTITUTE_REQUEST_NOT_FOUND");
    if (request.status !== "open" && request.status !== "taken")
      throw AppError.of("SUBSTITUTE_REQUEST_CLOSED");
    await repo.updateRequest(tx, id, { status: "cancelled" });
    return { message: t("substituteCancelled"), status: "cancelled" as const };
  });
}

/**
 * The requests of classes still to come: a coach sees the ones they may take and their own; owner
 * and manager see them all, with what each coach may do.
 */
export async function listRequests(deps: ChangeDeps, user: AuthUser, now = new Date()) {
  const coach = await repo.instructorOfLogin(deps.db, user.id);
  const manager = isManager(user);
  const rows = await repo.requestsFrom(deps.db, now);
  const visible = rows.filter(
    (r) =>
      manager ||
      r.request.status === "open" ||
      (coach !== null &&
        (r.request.requested_by === coach.instructor_id || r.request.taken_by === coach.instructor_id)),
  );
  const classes = await findClassesWithDetails(
    deps.db,
    visible.map((r) => r.request.single_class_id),
  );
  const names = await repo.instructorNames(deps.db, [
    ...new Set(
      visible.flatMap((r) => [r.request.requested_by, ...(r.request.taken_by ? [r.request.taken_by] : [])]),
    ),
  ]);
  return {
    approval_required: deps.config.substitute_approval_required,
    my_instructor_id: coach?.instructor_id ?? null,
    requests: visible.flatMap(({ request: r }) => {
      const c = classes.get(r.single_class_id);
      if (!c) return [];
      const mine = coach !== null && r.requested_by === coach.instructor_id;
      const teaching = c.class_instructors.some(
        ({ instructor }) => instructor.instructor_id === coach?.instructor_id,
      );
      return [
        {
          substitute_request_id: r.substitute_request_id,
          status: r.status as SubstituteStatus,
          note: r.note,
          requested_by: { instructor_id: r.requested_by, name: names.get(r.requested_by) ?? "—" },
          taken_by: r.taken_by ? { instructor_id: r.taken_by, name: names.get(r.taken_by) ?? "—" } : null,
          single_class: {
            single_class_id: c.single_class_id,
            class_date: c.class_date.toISOString(),
            duration_minutes: c.duration_minutes,
            class_type: { name: c.class_type.name },
            location: c.location ? { name: c.location.name } : null,
          },
          can_take: coach !== null && r.status === "open" && !mine && !teaching,
          can_cancel: (mine || manager) && (r.status === "open" || r.status === "taken"),
          can_decide: manager && r.status === "taken",
        },
      ];
    }),
  };
}
