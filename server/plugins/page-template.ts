/**
 * Puts a server-rendered page into the built index.html: its markup in #root, its head tags
 * (title, description, Open Graph, canonical) and its data for the browser's first render.
 * Everything that comes from the studio's content is escaped here.
 */

export interface PageHead {
  title: string;
  description: string;
  /** Root-relative or absolute; made absolute with the site's origin. */
  image: string;
  type: string;
}

export interface RenderedPage {
  html: string;
  head: PageHead;
  state: unknown;
  /** The page's absolute URL (canonical and og:url). */
  url: string;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

/**
 * JSON for a <script type="application/json">: "<" is written as \u003c so no value (a page's
 * text, an announcement) can close the script element and inject markup.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text);

function headTags(head: PageHead, url: string): string {
  const origin = new URL(url).origin;
  const image = head.image ? new URL(head.image, origin).toString() : "";
  const description = clip(head.description.replace(/\s+/g, " ").trim());
  const meta = (attribute: "name" | "property", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", description),
    meta("property", "og:title", head.title),
    meta("property", "og:description", description),
    meta("property", "og:type", head.type),
    meta("property", "og:url", url),
    ...(image ? [meta("property", "og:image", image)] : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ].join("\n    ");
}

/** index.html with the page in it; the template's own title and description are replaced. */
export function injectPage(template: string, page: RenderedPage): string {
  const withoutDefaults = template
    .replace(/<title>[\s\S]*?<\/title>/, "")
    .replace(/<meta name="description"[^>]*>/, "")
    // The page's data is already in the HTML: the config preload would download it again.
    .replace(/<link rel="preload" href="\/api\/appconfig"[^>]*>/, "");
  return withoutDefaults
    .replace("</head>", () => `  ${headTags(page.head, page.url)}\n  </head>`)
    .replace(
      /<div id="root">[\s\S]*?<\/div><\/div>/,
      // A function, so "$" in the page's text is not read as a replacement pattern.
      () =>
        `<div id="root">${page.html}</div><script id="ssr-state" type="application/json">${jsonForScript(page.state)}</script>`,
    );
}
