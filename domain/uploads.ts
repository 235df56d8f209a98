/**
 * What may be uploaded, by sniffed content type (never by the name or the browser's claim), with
 * the extension it is stored under. SVG is left out on purpose: it can carry scripts and the files
 * are served from our origin. Here, not in the files module, because the static file server
 * (server/plugins/static-web.ts) asks servedInline too and plugins use no module
 * (docs/contributing.md, Boundaries).
 */
export const UPLOAD_EXTENSIONS: Readonly<Record<string, string>> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
  "application/pdf": "pdf",
};

const INLINE_EXTENSIONS = new Set(
  Object.entries(UPLOAD_EXTENSIONS)
    .filter(([mime]) => mime.startsWith("image/"))
    .map(([, ext]) => `.${ext}`),
);

/**
 * Whether a stored upload may be shown inside a page (the allowed images). Anything else (PDF,
 * or a file an older version stored) is served as a download, so a browser never renders it as
 * a document of our origin.
 */
export function servedInline(filePath: string): boolean {
  return INLINE_EXTENSIONS.has(extensionOf(filePath));
}

/** What node's path.extname answers for a "/" path, lower-cased (domain code has no node:path). */
function extensionOf(filePath: string): string {
  const name = filePath.slice(filePath.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}
