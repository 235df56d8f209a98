import { z } from "zod";

/**
 * The studio's settings as key/value pairs (server/modules/app-config). What a value may be is
 * checked when saving (domain/app-config-schema.ts); the wire carries any value.
 */

export const appConfigEntry = z.object({ key: z.string().min(1).max(100), value: z.unknown() });
/** GET /appconfig: every key, with its default when the studio never set it. */
export const appConfigAnswer = z.array(appConfigEntry);
/** GET /appconfig with the list's current ETag in If-None-Match: 304, no body. */
export const appConfigNotModified = z.null();
/** PUT /appconfig: the changed pairs, as a list or as `{ config: [...] }`. */
export const saveAppConfigBody = z.union([
  z.array(appConfigEntry).min(1).max(200),
  z.object({ config: z.array(appConfigEntry).min(1).max(200) }),
]);
export const appConfigSavedAnswer = z.object({ message: z.string(), config: z.array(appConfigEntry) });
