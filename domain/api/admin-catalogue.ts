import { z } from "zod";
import { IVA_RATES } from "../fiscal/iva";
import { t } from "../messages";
import { parseRowSizes } from "../spot-map";
import { messageAnswer } from "./wire";

/**
 * The back office's generic catalogues (server/modules/admin-catalogue: locations, class types,
 * categories, spot maps, packages, video types, videos), one set of routes per spec. A row is its
 * table's columns as stored (each spec has its own), answered as they come.
 */
export const catalogueItem = z.object({}).loose();

/** GET /api/admin/<path>: every row, under the contract's list key ("locations"). */
export const catalogueListAnswer = (listKey: string) => z.object({ [listKey]: z.array(catalogueItem) });
/** GET /api/admin/<path>/:id: one row, under the contract's key ("location"). */
export const catalogueItemAnswer = (key: string) => z.object({ [key]: catalogueItem });
/** POST and PUT /api/<path>: the saved row under the contract's key, and the Spanish message. */
export const catalogueSavedAnswer = (key: string) => z.object({ [key]: catalogueItem, message: z.string() });
/** A save's answer as a caller that does not name the key reads it. */
export const anyCatalogueSaved = messageAnswer.loose();

// --- Request bodies: what each catalogue's POST takes (its PUT takes any of them with the id).

const text = (max = 2000) => z.string().trim().max(max).nullable().optional();
const name = z
  .string()
  .trim()
  .min(2, { message: t("catalogueNameRequired") })
  .max(120);
const ref = z.coerce.number().int().positive().nullable().optional();
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: "Usa un color como #1a2b3c." })
  .nullable()
  .optional();

const period = z.enum(["day", "month", "year"]).nullable().optional();
const count = (min = 0) => z.coerce.number().int().min(min).nullable().optional();
const money = z.coerce.number().min(0).max(10_000_000);

const spotKey = /^[A-Z]\d{1,3}$/;

/** Sucursales (/api/locations). */
export const locationBody = z.object({
  name,
  address: text(300),
  description: text(),
  phone: text(30),
  map_url: z
    .string()
    .trim()
    .url({ message: "Usa una dirección web completa (https://...)." })
    .max(1000)
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null)),
  available: z.boolean().optional(),
});

/** Tipos de clase (/api/class_types). */
export const classTypeBody = z.object({
  name,
  icon: text(500),
  image: text(1000),
  description: text(),
  // Row sizes as the spot_map column stores them ("4,5,5,6"); empty means no map.
  spot_map: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .optional()
    // Absent (a PUT that does not touch it) stays absent; empty clears the map.
    .transform((v) => (v === undefined ? undefined : v ? v.replace(/\s+/g, "") : null))
    .refine((v) => v == null || parseRowSizes(v) !== null, { message: t("spotMapInvalid") }),
  custom_spot_map_id: ref,
  color,
  available: z.boolean().optional(),
});

/** Categorías de clase (/api/class_categories). */
export const classCategoryBody = z.object({
  name,
  handle: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, { message: "Usa minúsculas, números y guiones." })
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null)),
  description: text(),
  available: z.boolean().optional(),
});

/** Mapas de lugares (/api/custom_spot_maps); rows, columns and spots come together. */
export const customSpotMapBody = z.object({
  name,
  rows: z.coerce.number().int().min(1).max(26),
  columns: z.coerce.number().int().min(1).max(100),
  spots: z
    .record(
      z.string().regex(spotKey),
      z.object({ label: z.string().trim().max(20).optional(), selectable: z.boolean().optional() }),
    )
    .optional(),
  class_type_id: ref,
  class_types: text(500),
});

/** Paquetes (/api/class_packages): money in pesos. */
export const classPackageBody = z.object({
  title: name,
  price: money,
  sale_price: money.nullable().optional(),
  description: text(20_000),
  short_description: text(500),
  image: text(1000),
  class_amount: z.coerce.number().int().min(-1).optional(),
  expiration_days: count(),
  is_special_event: z.boolean().optional(),
  is_trial: z.boolean().optional(),
  is_subscription: z.boolean().optional(),
  is_online: z.boolean().optional(),
  is_unlimited_membership: z.boolean().optional(),
  subscription_period: period,
  subscription_interval: count(1),
  free_trial_length: count(),
  free_trial_period: period,
  limit_per_customer: count(1),
  people_limit: count(1),
  allowed_times: text(500),
  order: z.coerce.number().int().optional(),
  downloadable: z
    .object({ name: z.string().max(200), type: z.string().max(100) })
    .nullable()
    .optional(),
  file_url: text(1000),
  allow_discount_over_sale_price: z.boolean().optional(),
  /** IVA included in the price (decision 0032): "16" by default. */
  iva_rate: z
    .enum(IVA_RATES)
    .nullish()
    .transform((v) => v ?? undefined),
  receipt_file: text(1000),
  available: z.boolean().optional(),
  class_package_types: z
    .array(
      z.object({
        class_type_id: z.coerce.number().int().positive(),
        class_amount: z.coerce.number().int().min(-1),
        expiration_days: count(),
      }),
    )
    .max(50)
    .optional(),
});

/** Tipos de video (/api/video_types). */
export const videoTypeBody = z.object({
  name,
  description: text(),
  order: z.coerce.number().int().optional(),
});

/** Videos (/api/videos). */
export const videoBody = z.object({
  name,
  url: text(1000),
  host: z.enum(["local", "vimeo", "youtube"]).optional(),
  file_id: ref,
  description: text(),
  thumbnail: text(1000),
  duration: z.coerce.number().int().min(0).optional(),
  instructor_id: ref,
  class_type_id: ref,
  video_type_id: ref,
  program_id: ref,
  published: z.boolean().optional(),
  release_date: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .transform((v) => (v ? new Date(v) : v)),
  tag_ids: z.array(z.coerce.number().int().positive()).max(50).optional(),
});

/** PUT /api/<path>: any of the POST body's fields, with the row's numeric id under its key. */
export const catalogueUpdateBody = (input: z.ZodObject, idKey: string) =>
  input.partial().extend({ [idKey]: z.coerce.number().int().positive() });
