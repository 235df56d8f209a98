import { z } from "zod";
import { KIOSK_PIN_PATTERN } from "../check-in-window";
import { t } from "../messages";
import { isoDate, messageAnswer } from "./wire";

/** The check-in kiosk (server/modules/kiosk; decision 0097). */

const pin = z
  .string()
  .trim()
  .regex(KIOSK_PIN_PATTERN, { message: t("kioskPinInvalid") });

export const openKioskBody = z.object({
  pin,
  /** The door's location: only its classes check in here (every location when left out). */
  location_id: z.coerce.number().int().positive().nullish(),
});
export const openKioskAnswer = messageAnswer.extend({ kiosk_session_id: z.number() });

export const kioskStateAnswer = z.object({
  studio: z.string(),
  location: z.string().nullable(),
  checkin_opens_minutes_before: z.number().nullable(),
  checkin_closes_minutes_after: z.number().nullable(),
});

export const kioskCheckInBody = z
  .object({
    /** The text of the customer's 'Codigo de Acceso' QR. */
    qr: z.string().trim().max(500).nullish(),
    phone: z
      .string()
      .trim()
      .regex(/^\d{10}$/, { message: t("kioskPhoneInvalid") })
      .nullish(),
  })
  .refine((body) => Boolean(body.qr) !== Boolean(body.phone), { message: t("kioskLookupRequired") });

export const kioskCheckInAnswer = messageAnswer.extend({
  already: z.boolean(),
  /** First name only: the screen faces the queue. */
  name: z.string(),
  class_type: z.string(),
  class_date: isoDate,
  location: z.string().nullable(),
  spot: z.string().nullable(),
});

export const closeKioskBody = z.object({ pin: z.string().trim().max(8) });
