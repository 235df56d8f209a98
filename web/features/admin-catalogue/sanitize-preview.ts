import { ALLOWED_HTML_ATTRIBUTES, ALLOWED_HTML_TAGS, ALLOWED_URL_SCHEMES } from "../../../domain/content";

/**
 * The editor's preview of what the server will keep: the same allow-lists (domain/content.ts)
 * applied in the browser with DOMParser. The server sanitises again on save; this only shows
 * the admin the result before saving.
 */
export function sanitizePreview(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const allowedTags = new Set<string>(ALLOWED_HTML_TAGS);
  const dropWithText = new Set(["script", "style", "iframe", "object", "noscript", "textarea"]);
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      const tag = child.tagName.toLowerCase();
      if (dropWithText.has(tag)) {
        child.remove();
        continue;
      }
      clean(child);
      if (!allowedTags.has(tag)) {
        child.replaceWith(...child.childNodes);
        continue;
      }
      const allowed = new Set([
        ...(ALLOWED_HTML_ATTRIBUTES[tag] ?? []),
        ...(ALLOWED_HTML_ATTRIBUTES["*"] ?? []),
      ]);
      for (const attr of [...child.attributes]) {
        const name = attr.name.toLowerCase();
        const badUrl =
          (name === "href" || name === "src") &&
          /^[a-z][a-z0-9+.-]*:/i.test(attr.value.trim()) &&
          !ALLOWED_URL_SCHEMES.some((s) => attr.value.trim().toLowerCase().startsWith(`${s}:`));
        if (!allowed.has(name) || badUrl) child.removeAttribute(attr.name);
      }
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
