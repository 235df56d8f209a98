import { z } from "zod";
import { isoDate } from "./wire";

/** Class packages and the home lists (server/modules/packages). */

/** One package as the API serves it (the home page, checkout and the lists read these keys). */
export const packageOut = z.object({
  class_package_id: z.number(),
  package_id: z.number(),
  title: z.string(),
  price: z.number(),
  sale_price: z.number().nullable(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  image: z.string().nullable(),
  class_amount: z.number(),
  expiration_days: z.number().nullable(),
  is_special_event: z.boolean(),
  is_trial: z.boolean(),
  is_subscription: z.boolean(),
  is_online: z.boolean(),
  is_unlimited_membership: z.boolean(),
  subscription_period: z.string().nullable(),
  subscription_interval: z.number().nullable(),
  free_trial_length: z.number().nullable(),
  free_trial_period: z.string().nullable(),
  limit_per_customer: z.number().nullable(),
  people_limit: z.number().nullable(),
  allowed_times: z.string().nullable(),
  order: z.number(),
  downloadable: z.object({ name: z.string(), type: z.string() }).nullable(),
  file_url: z.string().nullable(),
  allow_discount_over_sale_price: z.boolean(),
  available: z.boolean(),
  class_package_types: z.array(
    z.object({
      class_package_type_id: z.number(),
      class_type_id: z.number(),
      class_amount: z.number(),
      expiration_days: z.number().nullable(),
    }),
  ),
});
export type ClassPackage = z.input<typeof packageOut>;

export const classPackagesAnswer = z.object({ class_packages: z.array(packageOut) });
/** Clients read `paquetes` for the online and in-person lists (the published contract's key). */
export const paquetesAnswer = z.object({ paquetes: z.array(packageOut) });
export const classPackageAnswer = z.object({ class_package: packageOut });

/** Who bought a special event (the back office's list of asistentes). */
export const eventAttendeesAnswer = z.object({
  asistentes: z.array(
    z.object({
      purchase_id: z.number(),
      customer_id: z.number(),
      name: z.string(),
      last_name: z.string().nullable(),
      email: z.string(),
      phone: z.string().nullable(),
      status: z.string(),
      status_text: z.string(),
      provider: z.string(),
      total_payment: z.number(),
      createdAt: isoDate,
    }),
  ),
});

/** The home page's lists of packages: the one list (the table's check takes it from here). */
export const HOME_LISTS = ["presenciales", "online", "especiales"] as const;
export type HomeList = (typeof HOME_LISTS)[number];

/** `:list` of POST /class_packages/:list/home. */
export const homeListParams = z.object({ list: z.enum(HOME_LISTS) });
/** `:list/home/:id` of DELETE /class_packages/:list/home/:id: the package to take off the list. */
export const homeListPackageParams = homeListParams.extend({ id: z.coerce.number().int().positive() });
export const addToHomeListBody = z.object({
  class_package_id: z.number().int().positive(),
  order: z.number().int().min(0).optional(),
});
