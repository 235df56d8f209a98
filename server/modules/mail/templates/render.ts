import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export type RenderedMail = { subject: string; html: string; text: string };

/**
 * The HTML of an email component (React Email) and its plain-text alternative. The text is made
 * from the same HTML by React Email's converter, so the two never say different things: the
 * hidden preview line and images are left out, a button becomes "Label https://...".
 */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  return { subject, html, text: plainText(html) };
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The same rendering without waiting (for the synchronous `renderEmail` that older callers use):
 * React's static renderer gives the markup `render` streams (less its empty comments), with the
 * same doctype.
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
 * React Email's `toPlainText` with our selectors, compiled once: `toPlainText` builds html-to-text's
 * selector decision tree on every call, which cost more than rendering the email (issue 19). Same
 * options in the same order (`wordwrap: false`, its selectors then ours), so the same text.
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

function plainText(html: string): string {
  return toText(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
