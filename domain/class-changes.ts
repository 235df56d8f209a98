import { messages } from "./messages";

/**
 * Changes the studio makes to booked classes (decision 0026): which edits customers are
 * told about, the scopes of a series edit, and the Spanish texts both the server and the web show.
 * Pure: no I/O.
 */

export const CHANGE_SCOPES = ["one", "following", "all"] as const;
export type ChangeScope = (typeof CHANGE_SCOPES)[number];

export const CHANGE_SCOPE_LABEL: Record<ChangeScope, string> = {
  one: "Solo esta",
  following: "Esta y las siguientes",
  all: "Toda la serie",
};

/** Fields of a class whose change is told to the people booked or waiting (and bumps SEQUENCE). */
export const NOTIFIED_FIELDS = ["class_date", "duration_minutes", "location_id", "instructor_ids"] as const;

/** "Se avisará a N personas" (the confirmation before saving a change of a booked class). */
export function willNotifyLabel(people: number): string {
  return people === 1 ? "Se avisará a 1 persona" : `Se avisará a ${people} personas`;
}

/** How long a cancelled reservation or class stays in the calendar feed as STATUS:CANCELLED. */
export const CANCELLED_IN_FEED_DAYS = 30;

export const classChangeTexts = {
  classInPast: messages.classInPast,
  noticeNotFound: messages.noticeNotFound,
  freeCancelNotOffered: messages.freeCancelNotOffered,
  freeCancelDone: "Cancelamos tu reservación sin costo y te devolvimos tu crédito.",
  noticeDismissed: "Aviso ocultado.",
  substitutionSaved: (n: number) =>
    n === 1 ? "Sustitución guardada en 1 clase." : `Sustitución guardada en ${n} clases.`,
  substitutionEmpty: "Elige al menos una clase y su coach sustituto.",
  substitutionNotCoach: messages.substitutionNotCoach,
  rangeInvalid: "El rango de fechas no es válido (máximo 92 días).",
  cancelled: "Cancelada",
  changeSubject: (className: string) => `Cambio en tu clase ${className}`,
  changeHello: (name: string) => `Hola ${name}, hicimos un cambio en tu clase.`,
  changeLine: (label: string, before: string, after: string) => `${label}: antes ${before}, ahora ${after}.`,
  freeCancelOffer:
    "Como el cambio es nuestro, si ya no te acomoda puedes cancelar sin costo desde Mis Reservaciones: te devolvemos tu crédito aunque estés dentro del tiempo límite.",
  waitlistStill: "Sigues en la lista de espera de esta clase.",
  icsUpdated: "Adjuntamos la clase actualizada para tu calendario.",
  icsCancelled: "Adjuntamos la cancelación para quitarla de tu calendario.",
  seeReservations: "Ver mis reservaciones",
  waitlistCancelled: (name: string, className: string, date: string) =>
    `Hola ${name}, el estudio canceló la clase ${className} del ${date}, en la que estabas en lista de espera.`,
};

export const CHANGE_LABELS = {
  class_date: "Fecha y hora",
  duration_minutes: "Duración",
  location: "Lugar",
  coaches: "Coach",
} as const;
