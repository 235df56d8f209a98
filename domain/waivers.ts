/**
 * The carta responsiva (docs/product-rules.md#waivers, decision 0099): the studio's waiver text in
 * versions, a customer's signature of a version, and what booking and check-in do without one.
 * Pure: no I/O. The server reads the facts, these functions decide.
 */

/** What the studio chose to do when someone has not signed the current version (app config `waiver_enforcement`). */
export const WAIVER_ENFORCEMENTS = ["off", "flag", "block"] as const;
export type WaiverEnforcement = (typeof WAIVER_ENFORCEMENTS)[number];

export const WAIVER_ENFORCEMENT_LABEL: Record<WaiverEnforcement, string> = {
  off: "No pedirla",
  flag: "Marcar en la lista (la recepción la pide)",
  block: "No dejar reservar ni registrar asistencia sin firmarla",
};

export function waiverEnforcementOf(value: unknown): WaiverEnforcement {
  return (WAIVER_ENFORCEMENTS as readonly unknown[]).includes(value) ? (value as WaiverEnforcement) : "flag";
}

/** How a signature was made: drawn on the screen, or the typed name (the keyboard's way). */
export const SIGNATURE_METHODS = ["drawn", "typed"] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/**
 * Where a customer stands: `not_required` (the studio has no waiver, or does not ask), `signed`
 * (the current version), `outdated` (an older version only: a new version asks again), `missing`.
 */
export type WaiverState = "not_required" | "signed" | "outdated" | "missing";

export function waiverState(
  enforcement: WaiverEnforcement,
  currentVersionId: number | null,
  signedVersionIds: readonly number[],
): WaiverState {
  if (enforcement === "off" || currentVersionId === null) return "not_required";
  if (signedVersionIds.includes(currentVersionId)) return "signed";
  return signedVersionIds.length > 0 ? "outdated" : "missing";
}

/** Whether a state keeps someone from booking on their own or being checked in (the `block` choice). */
export function waiverBlocks(enforcement: WaiverEnforcement, state: WaiverState): boolean {
  return enforcement === "block" && (state === "missing" || state === "outdated");
}

/** Whether the roster shows the "sin carta responsiva" flag: any state short of signed, unless off. */
export function waiverFlagged(state: WaiverState): boolean {
  return state === "missing" || state === "outdated";
}

/** The largest drawn signature accepted (a PNG data URL of a canvas; a real one is 5-40 KB). */
export const MAX_SIGNATURE_BYTES = 300_000;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The PNG bytes of a canvas data URL, or null when it is not one (or too large). */
export function signaturePngBase64(dataUrl: string): string | null {
  const match = PNG_DATA_URL.exec(dataUrl);
  if (!match?.[1]) return null;
  return match[1].length * 0.75 <= MAX_SIGNATURE_BYTES ? match[1] : null;
}

/**
 * Text the PDF's standard fonts can draw (WinAnsi: Spanish accents, ñ, ¿ ¡ and the usual
 * punctuation). Anything else (emoji, other scripts) becomes "?" so the PDF is always made; the
 * SHA-256 is of the original text, not of this copy.
 */
const WIN_ANSI_EXTRA = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"]);
export function pdfSafeText(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\t") out += " ";
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) {
      out += ch;
    } else if (ch === "\n") out += ch;
    else out += "?";
  }
  return out;
}

/** Splits paragraphs into lines no wider than `width`, measured by `measure` (the PDF font's width). */
export function wrapText(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      lines.push("");
      continue;
    }
    let line = "";
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The waiver's texts the server and the web share (the web's own labels are in its copy.ts). */
export const waiverTexts = {
  title: "Carta responsiva",
  pdfSigned: "Firmada por",
  pdfDate: "Fecha y hora",
  pdfIp: "Dirección IP",
  pdfUserAgent: "Navegador",
  pdfHash: "SHA-256 del texto",
  pdfVersion: (version: number) => `Versión ${version}`,
  pdfMethod: (method: SignatureMethod) =>
    method === "drawn" ? "Firma dibujada en pantalla" : "Firma con el nombre escrito",
  pdfCollected: (who: string) => `Firma recabada en recepción por ${who}`,
  emailTitle: "Tu carta responsiva firmada",
  emailLines: (name: string, version: number, date: string) => [
    `Hola ${name}, gracias por firmar la carta responsiva (versión ${version}) el ${date}.`,
    "Adjuntamos tu copia firmada en PDF. Guárdala: es la misma que conserva el estudio.",
  ],
  fileName: (version: number, customerId: number) => `carta-responsiva-v${version}-${customerId}.pdf`,
};
