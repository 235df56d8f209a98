import { z } from "zod";
import { isoDate } from "./wire";

/** The admin's customer screens (server/modules/admin-customers): the list, the quick search, tags. */

/**
 * A customer in the list and the quick search. Loose: the two services add their own columns,
 * answered as they come; these are the ones the screens read.
 */
export const customerRow = z
  .object({
    customer_id: z.number(),
    name: z.string(),
    last_name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    has_unlimited: z.boolean(),
    unlimited_membership_expiration: isoDate.nullable(),
    createdAt: isoDate,
    credits: z.number(),
    tags: z.array(z.string()),
    deactivatedAt: isoDate.nullable(),
    merged_into_id: z.number().nullable(),
  })
  .loose();

export const customersQuery = z.object({
  query: z.string().max(200).optional().default(""),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.string().max(40).optional(),
  tag: z.string().trim().max(30).optional(),
});
export const customerPage = z.object({
  customers: z.array(customerRow),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export const quickSearchQuery = z.object({ query: z.string().max(200).optional().default("") });
export const quickSearchAnswer = z.object({ customers: z.array(customerRow) });
export const customerTagsAnswer = z.object({
  tags: z.array(z.object({ tag: z.string(), customers: z.number() })),
});
