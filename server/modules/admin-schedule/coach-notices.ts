import { formatDateTime } from "../../../domain/format";
import type { ClassRow } from "../calendar/calendar.service";
import { renderEmail } from "../notifications/email-layout";
import { coachContacts } from "./class-changes.repository";
import type { ChangeDeps } from "./class-changes.service";

/**
 * Substitutes are told (decision 0101): after a substitution commits, the coach who takes the class
 * and the coach who leaves it each get a notice. Email through the outbox today; `tellCoach` is
 * the one place a coach's own channel (WhatsApp, where messaging exists) is added.
 */
export type CoachSwap = { single_class_id: number; from: number; to: number };

type Contact = Awaited<ReturnType<typeof coachContacts>>[number];

const nameOf = (c: Contact | undefined) => (c ? c.nick_name || c.name : "—");

export const coachNoticeTexts = {
  takenTitle: (className: string) => `Cubres la clase ${className}`,
  taken: (name: string, className: string, date: string, place: string, replaced: string) =>
    `Hola ${name}, el estudio te asignó la clase ${className} del ${date}${place} en lugar de ${replaced}.`,
  leftTitle: (className: string) => `Suplencia en tu clase ${className}`,
  left: (name: string, className: string, date: string, substitute: string) =>
    `Hola ${name}, ${substitute} cubrirá tu clase ${className} del ${date}. Ya no aparece en tu horario.`,
  seeClasses: "Ver mis clases",
};

/** The one call site for a coach's notice: email now; a messaging channel joins here. */
async function tellCoach(
  deps: ChangeDeps,
  coach: Contact,
  content: { title: string; lines: string[] },
): Promise<void> {
  if (!coach.email) return;
  const email = renderEmail(deps.config, deps.publicUrl, {
    ...content,
    action: { label: coachNoticeTexts.seeClasses, url: `${deps.publicUrl}/admin/mis-clases` },
  });
  await deps.mailer.send({ to: coach.email, template: "substitute-assigned", ...email });
}

/** Tells both coaches of each swap; a mail problem is logged, never undoes the substitution. */
export async function tellCoachesOfSwaps(
  deps: ChangeDeps,
  swaps: CoachSwap[],
  classes: Map<number, ClassRow>,
) {
  const contacts = new Map(
    (await coachContacts(deps.db, [...new Set(swaps.flatMap((s) => [s.from, s.to]))])).map((c) => [
      c.instructor_id,
      c,
    ]),
  );
  for (const swap of swaps) {
    const klass = classes.get(swap.single_class_id);
    if (!klass) continue;
    const date = formatDateTime(klass.class_date, deps.config.timezone);
    const place = klass.location ? ` en ${klass.location.name}` : "";
    const from = contacts.get(swap.from);
    const to = contacts.get(swap.to);
    try {
      if (to) {
        await tellCoach(deps, to, {
          title: coachNoticeTexts.takenTitle(klass.class_type.name),
          lines: [coachNoticeTexts.taken(nameOf(to), klass.class_type.name, date, place, nameOf(from))],
        });
      }
      if (from) {
        await tellCoach(deps, from, {
          title: coachNoticeTexts.leftTitle(klass.class_type.name),
          lines: [coachNoticeTexts.left(nameOf(from), klass.class_type.name, date, nameOf(to))],
        });
      }
    } catch (error) {
      deps.log?.error({ err: error }, "substitute notice failed");
    }
  }
}
