/**
 * What a customer's reply means (docs/product-rules.md#messaging-replies). Accents, case,
 * punctuation and surrounding spaces do not matter: "sí", "SI", "Si!" all claim an offer.
 */
export type ReplyIntent = "stop" | "start" | "yes" | "not_going" | "other";

/** Lower case, no accents, no punctuation, single spaces. */
export function foldReply(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const STOP = new Set(["baja", "stop", "alto", "cancelar suscripcion", "unsubscribe"]);
const START = new Set(["alta", "start"]);
const YES = new Set(["si", "si quiero", "yes", "claro", "si voy"]);
const NOT_GOING = new Set(["no voy", "no ire", "no puedo ir", "no asistire"]);

export function parseReply(text: string): ReplyIntent {
  const folded = foldReply(text);
  if (STOP.has(folded)) return "stop";
  if (START.has(folded)) return "start";
  if (YES.has(folded)) return "yes";
  if (NOT_GOING.has(folded)) return "not_going";
  return "other";
}
