import sanitizeHtml from "sanitize-html";
import { ALLOWED_HTML_ATTRIBUTES, ALLOWED_HTML_TAGS, ALLOWED_URL_SCHEMES } from "../../../domain/content";

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_HTML_TAGS],
  allowedAttributes: ALLOWED_HTML_ATTRIBUTES,
  allowedSchemes: [...ALLOWED_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // Dropped tags lose their text too when it is code (script/style), never leak it as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object"],
  transformTags: {
    // Links that open a new tab must not hand the opener to the other site.
    a: (tagName, attribs) =>
      attribs.target === "_blank"
        ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }
        : { tagName, attribs },
    // An image without a description is treated as decorative (alt="") so screen readers skip
    // it instead of reading the file name; admins can still write their own alt text.
    img: (tagName, attribs) => ({ tagName, attribs: { alt: "", ...attribs } }),
  },
};

/**
 * Admin HTML (pages, announcements) as the site may render it: only the tags and attributes of
 * domain/content.ts survive. Used on save and again on read, so rows written before a rule change
 * (or by hand) are safe too. Null and blank stay null ("Sin contenido").
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, options).trim();
  return clean === "" ? null : clean;
}
