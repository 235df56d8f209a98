import { type AppConfig, studioName } from "../../../domain/app-config";
import { classChangeTexts as x } from "../../../domain/class-changes";
import { countLabel, formatDateTime } from "../../../domain/format";
import type { MailTemplate } from "../../../domain/mail-templates";
import { t } from "../../../domain/messages";
import type { ClassChangeLine } from "../../db/schema/calendar";
import { renderEmail } from "./email-layout";
import { buildCalendar } from "./ical";

/**
 * The emails of a change the studio makes to a class (decision 0026): "changed" (time, date, coach
 * or place) and "cancelled", to each person booked (with the updated event or a METHOD:CANCEL .ics
 * for their calendar) and each person on the waitlist. All their words are in this one function so
 * they move to a React Email template in one piece.
 */
export type ClassChangeEmailInput = {
  kind: "changed" | "cancelled";
  to: { email: string; name: string | null };
  /** The class after the change. */
  klass: {
    class_date: Date;
    duration_minutes: number;
    description: string | null;
    sequence: number;
    class_type: { name: string };
    location: { name: string; address: string | null } | null;
    coaches: string[];
  };
  changes: ClassChangeLine[];
  /** Null: the person is on the waitlist (no seat, no calendar event). */
  reservation: { class_reservation_id: number; spot: string | null } | null;
  refundedCredits: number;
};

export function classChangeEmail(config: AppConfig, publicUrl: string, input: ClassChangeEmailInput) {
  const zone = config.timezone;
  const base = publicUrl.replace(/\/$/, "");
  const studio = studioName(config);
  const { klass, to, reservation } = input;
  const name = to.name ?? "";
  const date = formatDateTime(klass.class_date, zone);
  const place = klass.location
    ? `${klass.location.name}${klass.location.address ? `, ${klass.location.address}` : ""}`
    : null;
  const describe = [
    `Clase: ${klass.class_type.name}`,
    `Fecha y hora: ${date}`,
    ...(place ? [`Lugar: ${place}`] : []),
    ...(klass.coaches.length ? [`Coach: ${klass.coaches.join(", ")}`] : []),
  ];
  const params = { name, class: klass.class_type.name, date };
  let title: string;
  let lines: string[];
  if (input.kind === "changed") {
    title = x.changeSubject(klass.class_type.name);
    lines = [
      x.changeHello(name),
      ...input.changes.map((c) => x.changeLine(c.label, c.before, c.after)),
      ...describe,
      ...(reservation ? [x.freeCancelOffer, x.icsUpdated] : [x.waitlistStill]),
    ];
  } else {
    title = t("classCancelledEmailSubject", params);
    lines = reservation
      ? [
          t("classCancelledEmailBody", params),
          ...(input.refundedCredits > 0
            ? [
                `Te devolvimos ${countLabel(input.refundedCredits, "crédito", "créditos")} para que reserves otra clase.`,
              ]
            : []),
          x.icsCancelled,
        ]
      : [x.waitlistCancelled(name, klass.class_type.name, date)];
  }
  const email = renderEmail(config, publicUrl, {
    title,
    lines,
    action: { label: x.seeReservations, url: `${base}/mystudio/reservaciones` },
  });
  const attachments = reservation
    ? [
        {
          filename: `clase-${reservation.class_reservation_id}.ics`,
          contentType: `text/calendar; charset=utf-8${input.kind === "cancelled" ? "; method=CANCEL" : ""}`,
          content: Buffer.from(
            buildCalendar(
              studio,
              [
                {
                  uid: reservationUid(publicUrl, reservation.class_reservation_id),
                  start: klass.class_date,
                  durationMinutes: klass.duration_minutes,
                  summary: `${klass.class_type.name} · ${studio}`,
                  location: place,
                  description: [klass.description, reservation.spot ? `Lugar: ${reservation.spot}` : null]
                    .filter(Boolean)
                    .join("\n"),
                  url: `${base}/mystudio/reservaciones`,
                  sequence: klass.sequence,
                  status: input.kind === "cancelled" ? "CANCELLED" : "CONFIRMED",
                },
              ],
              { timeZone: zone, method: input.kind === "cancelled" ? "CANCEL" : "PUBLISH" },
            ),
          ).toString("base64"),
        },
      ]
    : undefined;
  const template: MailTemplate = input.kind === "changed" ? "class_changed" : "class-cancelled";
  return {
    to: to.email,
    template,
    ...email,
    attachments,
  };
}

/** The one UID of a reservation's calendar event (feed, "add to calendar" and emails). */
export function reservationUid(publicUrl: string, reservationId: number): string {
  return `reservacion-${reservationId}@${new URL(publicUrl).host}`;
}
