import { plainTextSelectors } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export type RenderedMail = { subject: string; html: string; text: string };

/**
 * The HTML of an email component (React Email) and its plain-text alternative. The text is made
 * from the same HTML by React Email's converter, so the two never say different things: the
 * hidden preview line and images are left out, a button becomes "Label https://...".
 *
 * Rendered with React's static renderer (renderMailSync), not React Email's streaming `render`:
 * the markup is the same less the empty `<!-- -->` separators between text pieces (a test
 * compares the two), and the stream cost about 1.2 ms of CPU per email against 0.2 ms. A booking
 * and its cancellation each send one email inside the request (decision 0033).
 */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  return renderMailSync(subject, element);
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The rendering itself, without waiting (the synchronous `renderEmail` of the generic notices
 * calls it directly): React's static renderer gives the markup React Email's `render` streams
 * (less its empty comments), with the same doctype.
 */
export function renderMailSync(subject: string, element: ReactElement): RenderedMail {
  const markup = renderToStaticMarkup(element)
    .replace(/<!DOCTYPE.*?>/, "")
    // React hoists a preload hint for each image; `render` takes them out too (useless in email).
    .replace(/<link rel="preload" as="image"[^>]*\/>/g, "");
  const html = `${DOCTYPE}${markup}`;
  return { subject, html, text: plainText(html) };
}

/**
 * React Email's `toPlainText` with our selectors, compiled once: `toPlainText` builds
 * html-to-text's selector decision tree on every call, which cost more than rendering the email
 * (decision 0033). Same options in the same order (`wordwrap: false`, its selectors then ours), so
 * the same text.
 */
const toText = compile({
  wordwrap: false,
  selectors: [
    ...plainTextSelectors,
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    // Facts and footer lines: one per line, as in the HTML (a paragraph gets a blank line).
    { selector: "p[data-line]", format: "block", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  ],
});

/**
 * Inline styles are half of an email's HTML and say nothing in its text: they are dropped before
 * the converter parses it (a third less work per email; the text snapshots of every template are
 * unchanged). React writes a quote inside an attribute as &quot;, so the pattern ends where the
 * attribute does.
 */
const STYLE_ATTRIBUTE = / style="[^"]*"/g;

function plainText(html: string): string {
  return toText(html.replace(STYLE_ATTRIBUTE, ""))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
