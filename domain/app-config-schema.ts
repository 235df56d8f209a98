import { z } from "zod";
import { APP_CONFIG_KEYS, type AppConfigKey, COLOR_KEYS, LANDING_SECTIONS } from "./app-config";
import { parseRetryDays } from "./dunning";
import { WAIVER_ENFORCEMENTS } from "./waivers";

/**
 * Validation of app-config values for saving (admin API and editor). Kept apart from
 * domain/app-config.ts so visitors' browsers, which only read the config, never download Zod.
 */
const hexColor = /^#[0-9a-fA-F]{6}$/;

/** An IANA zone name the runtime knows ("America/Mexico_City"). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** Validator for one key's value; the admin update endpoint uses it and so does the editor. */
export function valueSchemaFor(key: AppConfigKey): z.ZodType {
  const spec = APP_CONFIG_KEYS[key];
  if (key === "timezone") {
    return z
      .string()
      .refine(isTimeZone, { message: "Elige una zona horaria válida (por ejemplo America/Mexico_City)." });
  }
  if (key === "checkin_opens_minutes_before" || key === "checkin_closes_minutes_after") {
    // The kiosk's check-in window (docs/product-rules.md#check-in-window): up to two days.
    return z
      .number({ message: "Escribe los minutos (0 a 2880)." })
      .int({ message: "Escribe los minutos sin decimales." })
      .min(0, { message: "Escribe los minutos (0 a 2880)." })
      .max(2880, { message: "Escribe los minutos (0 a 2880)." })
      .nullable();
  }
  if (key === "quiet_hours_start" || key === "quiet_hours_end") {
    // docs/product-rules.md#messaging-quiet-hours: a whole hour of the studio's day.
    const hour = "Escribe una hora del 0 al 23.";
    return z
      .number({ message: hour })
      .int({ message: hour })
      .min(0, { message: hour })
      .max(23, { message: hour });
  }
  if (key === "renewal_retry_days") {
    // Dunning (decision 0128): ascending whole days after the first failure.
    return z.string().refine((text) => parseRetryDays(text) !== null, {
      message: "Escribe los días separados por comas, de menor a mayor, entre 1 y 60 (por ejemplo 1, 3, 5).",
    });
  }
  if (key === "renewal_grace_days" || key === "renewal_max_retries") {
    const range =
      key === "renewal_grace_days" ? "Escribe los días (0 a 60)." : "Escribe los reintentos (0 a 10).";
    return z
      .number({ message: range })
      .int({ message: "Escribe un número entero." })
      .min(0, { message: range })
      .max(key === "renewal_grace_days" ? 60 : 10, { message: range });
  }
  if (key === "cancel_timeframe_unit") {
    // The screen offers horas / días; the booking rules also read minutes (domain/booking.ts).
    return z.enum(["hours", "days", "minutes", "seconds", "hour", "day", "minute", "second"], {
      message: "Elige horas o días.",
    });
  }
  if (key === "waiver_enforcement") {
    return z.enum(WAIVER_ENFORCEMENTS, { message: "Elige off, flag o block." });
  }
  if (COLOR_KEYS.has(key)) {
    return z.string().regex(hexColor, { message: "Usa un color en formato #RRGGBB." });
  }
  switch (spec.type) {
    case "string":
      return z.string().max(20_000, { message: "El texto es demasiado largo." });
    case "boolean":
      return z.boolean({ message: "Debe ser verdadero o falso." });
    case "number":
      return z.number({ message: "Debe ser un número." }).finite().nullable();
    case "json":
      if (key === "landing_sections") {
        return z.array(z.enum(LANDING_SECTIONS, { message: "Sección desconocida." }));
      }
      return z.record(z.string(), z.string());
  }
}
