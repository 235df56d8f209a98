import { z } from "zod";

/**
 * Content rules shared by the server (validation, sanitising) and the admin editor: what HTML an
 * admin may store in pages and announcements, what a page slug may look like, and the Zod
 * schemas of the content payloads. No I/O and no sanitiser import here, so the web can use it.
 */

/** Tags an admin's rich text may keep. Everything else (script, style, iframe, form...) is dropped. */
export const ALLOWED_HTML_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "mark",
  "small",
  "sub",
  "sup",
  "blockquote",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "span",
  "div",
] as const;

/** Attributes per tag; no event handlers (on*) and no style, ever. */
export const ALLOWED_HTML_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
  ol: ["start"],
};

/** URL schemes links and images may use (no javascript:, no data: documents). */
export const ALLOWED_URL_SCHEMES = ["http", "https", "mailto", "tel"] as const;

// The screens' first path segments and the slugs a page may not take live in a file of their own
// (no Zod), because the router in the page's entry chunk reads them.
export { ACCOUNT_ROUTE_SEGMENTS, PUBLIC_ROUTE_SEGMENTS, RESERVED_SLUGS } from "./route-segments";

/** Lowercase words joined by single hyphens: "aviso-de-privacidad". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Aviso de Privacidad" → "aviso-de-privacidad" (accents dropped), for the editor's suggestion. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}

const title = z
  .string()
  .trim()
  .min(1, { message: "Debes escribir un título." })
  .max(200, { message: "El título es demasiado largo." });
const html = z.string().max(200_000, { message: "El contenido es demasiado largo." });

export const pageInput = z.object({
  title,
  slug: z
    .string()
    .trim()
    .min(1, { message: "Debes escribir la dirección de la página." })
    .max(100, { message: "La dirección es demasiado larga." })
    .regex(SLUG_PATTERN, { message: "Usa solo minúsculas, números y guiones (ej. aviso-de-privacidad)." }),
  content: html.nullable().optional(),
  required: z.boolean().optional(),
  required_at_signup: z.boolean().optional(),
  show_in_footer: z.boolean().optional(),
  order: z.number().int().min(0).max(10_000).optional(),
});
export type PageInput = z.infer<typeof pageInput>;

export const announcementInput = z.object({
  title,
  content: html.nullable().optional(),
  image: z.string().trim().max(2000).nullable().optional(),
  published: z.boolean().optional(),
});
export type AnnouncementInput = z.infer<typeof announcementInput>;

const hexColor = /^#[0-9a-fA-F]{6}$/;

export const tagInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: "Debes escribir un nombre." })
    .max(60, { message: "El nombre es demasiado largo." }),
  color: z
    .string()
    .regex(hexColor, { message: "Usa un color en formato #RRGGBB." })
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null)),
  type: z
    .string()
    .regex(/^[a-z_]{1,30}$/, { message: "Tipo de tag no válido." })
    .optional(),
});
export type TagInput = z.infer<typeof tagInput>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const instructorInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: "Debes escribir el nombre." })
    .max(100, { message: "El nombre es demasiado largo." }),
  last_name: optionalText(100),
  nick_name: optionalText(100),
  quote: optionalText(500),
  short_bio: optionalText(5000),
  instagram: optionalText(200),
  birthdate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Debes escribir una fecha válida." })
    .nullable()
    .optional(),
  music_type: optionalText(200),
  file_id: z.number().int().positive().nullable().optional(),
  active: z.boolean().optional(),
  order: z.number().int().min(0).max(10_000).optional(),
});
export type InstructorInput = z.infer<typeof instructorInput>;
