import { z } from "zod";

/** Zod's own messages in Spanish, for any rule that does not carry one of ours. */
export function applySpanishZodMessages(): void {
  z.config(z.locales.es());
}
