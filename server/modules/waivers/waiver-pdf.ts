import { createHash } from "node:crypto";
import { compile } from "html-to-text";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatDateTime } from "../../../domain/format";
import { pdfSafeText, type SignatureMethod, waiverTexts as w, wrapText } from "../../../domain/waivers";

/** The waiver's plain text: what the PDF prints and what its SHA-256 is of (decision 0099). */
const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
  ],
});

export function waiverPlainText(title: string, bodyHtml: string): string {
  const body = toText(bodyHtml).trim();
  return `${title.trim()}\n\n${body}`;
}

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export type SignedCopy = {
  studioName: string;
  version: number;
  text: string;
  textSha256: string;
  signerName: string;
  method: SignatureMethod;
  /** Base64 PNG of the drawn signature; null for a typed one. */
  signaturePng: string | null;
  signedAt: Date;
  zone: string;
  ip: string | null;
  userAgent: string | null;
  collectedBy: string | null;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const SIZE = 10.5;
const LEADING = 15;

/** A cursor that writes lines down the page and starts a new page when one is full. */
function writer(doc: PDFDocument, font: PDFFont) {
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
  };
  return {
    get page() {
      return page;
    },
    get y() {
      return y;
    },
    ensure,
    space(height: number) {
      y -= height;
    },
    line(text: string, options: { font?: PDFFont; size?: number } = {}) {
      const size = options.size ?? SIZE;
      const f = options.font ?? font;
      for (const part of wrapText(pdfSafeText(text), A4.width - 2 * MARGIN, (l) =>
        f.widthOfTextAtSize(l, size),
      )) {
        ensure(LEADING);
        y -= LEADING;
        page.drawText(part, { x: MARGIN, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      }
    },
  };
}

/**
 * The signed copy: the version's text, the signature (drawn image or the typed name in italics),
 * and who signed, when (studio's time), from which IP and browser, with the text's SHA-256.
 */
export async function signedWaiverPdf(copy: SignedCopy): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${w.title} · ${copy.studioName}`);
  doc.setAuthor(copy.studioName);
  doc.setSubject(w.pdfVersion(copy.version));
  doc.setCreationDate(copy.signedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const out = writer(doc, font);
  out.line(copy.studioName, { font: bold, size: 14 });
  out.line(`${w.title} · ${w.pdfVersion(copy.version)}`, { font: bold });
  out.space(8);
  for (const paragraph of copy.text.split("\n")) out.line(paragraph);
  out.space(20);
  if (copy.signaturePng) {
    const image = await doc.embedPng(Buffer.from(copy.signaturePng, "base64"));
    const scaled = image.scaleToFit(240, 90);
    out.ensure(scaled.height + 10);
    out.space(scaled.height);
    out.page.drawImage(image, { x: MARGIN, y: out.y, width: scaled.width, height: scaled.height });
  } else {
    out.line(copy.signerName, { font: italic, size: 24 });
  }
  out.space(4);
  out.line(w.pdfMethod(copy.method), { size: 9 });
  out.space(10);
  out.line(`${w.pdfSigned}: ${copy.signerName}`, { font: bold });
  out.line(
    `${w.pdfDate}: ${formatDateTime(copy.signedAt, copy.zone)} (${copy.zone}) · ${copy.signedAt.toISOString()}`,
  );
  out.line(`${w.pdfIp}: ${copy.ip ?? "—"}`);
  out.line(`${w.pdfUserAgent}: ${copy.userAgent ?? "—"}`, { size: 8.5 });
  if (copy.collectedBy) out.line(w.pdfCollected(copy.collectedBy));
  out.line(`${w.pdfHash}: ${copy.textSha256}`, { size: 8.5 });
  return doc.save();
}
