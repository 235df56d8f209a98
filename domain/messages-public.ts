/**
 * The catalogue's texts that a visitor's public calendar shows. They live apart from
 * domain/messages.ts, which spreads them in (so `t()` and every check of the catalogue read them
 * as any other key), because /calendario would otherwise download the whole catalogue (8.6 KB
 * gzip) for two sentences and pass its 150 KB JavaScript budget (docs/decisions/0075).
 */
export const publicMessages = {
  noClassesDay: "No hay clases programadas.",
  noClassesWeek: "No hay más clases programadas esta semana.",
} as const;

export type PublicMessageKey = keyof typeof publicMessages;

/** A public page's text, without loading the whole catalogue. */
export function publicText(key: PublicMessageKey): string {
  return publicMessages[key];
}
