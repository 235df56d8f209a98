import { z } from "zod";
import { addressSchema, phoneSchema, profileUpdateSchema } from "../customers";
import { DESK_PAYMENTS } from "../desk-sale";
import { t } from "../messages";
import { auditEntry } from "./audit";
import { creditsAnswer } from "./credits";
import { addressOut, customerRecordOut } from "./customers";
import { purchaseListItem, refundOut } from "./purchases";
import { isoDate, messageAnswer } from "./wire";

/** The admin's customer screens (server/modules/admin-customers): the list, the quick search, tags, one record. */

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

// --- One customer's whole record (GET /api/customer/admin/:id, the desk's screen).

export const customerNoteOut = z.object({
  customer_note_id: z.number(),
  body: z.string(),
  /** Shown to coaches on their class rosters (decision 0031). */
  visible_to_coaches: z.boolean(),
  createdAt: isoDate,
  author_name: z.string().nullable(),
  author_email: z.string().nullable(),
});

/** A purchase as the desk sees it: Mis Compras' row plus how it was paid and whether it was a gift. */
export const adminPurchaseOut = purchaseListItem.extend({
  provider_ref: z.string().nullable(),
  is_gift: z.boolean(),
});

/**
 * A refund of one of the customer's purchases, with the purchase's title (decision 0142). A refused
 * give-back (`source` "not_applied", `status` "failed") is money the studio still owes the customer.
 */
export const customerRefundOut = refundOut.extend({ title: z.string() });

export const adminReservationOut = z.object({
  class_reservation_id: z.number(),
  single_class_id: z.number(),
  guest: z.string().nullable(),
  guest_of_id: z.number().nullable(),
  spot: z.string().nullable(),
  attend: z.boolean(),
  paid_with: z.string(),
  deletedAt: isoDate.nullable(),
  createdAt: isoDate,
  class_date: isoDate,
  class_cancelledAt: isoDate.nullable(),
  class_type: z.string(),
  location: z.string().nullable(),
});

export const adminWaitlistOut = z.object({
  waitlist_id: z.number(),
  single_class_id: z.number(),
  status: z.string(),
  deletedAt: isoDate.nullable(),
  createdAt: isoDate,
  class_date: isoDate,
  class_type: z.string(),
});

export const adminPenaltyOut = z.object({
  class_reservation_penalty_id: z.number(),
  customer_id: z.number(),
  no_shows: z.number(),
  start_date: isoDate,
  end_date: isoDate,
  liftedAt: isoDate.nullable(),
  lifted_by: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Running now (not lifted, between its dates). */
  active: z.boolean(),
});

export const customerDetailAnswer = z.object({
  customer: customerRecordOut,
  address: addressOut.nullable(),
  notes: z.array(customerNoteOut),
  /** The custom fields the customer answered (empty ones left out). */
  form_answers: z.array(
    z.object({ key: z.string(), label: z.string(), type: z.string(), value: z.unknown() }),
  ),
  credits: creditsAnswer,
  purchases: z.array(adminPurchaseOut),
  /** Every refund of the customer's purchases, newest first, failed ones included. */
  refunds: z.array(customerRefundOut),
  reservations: z.array(adminReservationOut),
  waitlists: z.array(adminWaitlistOut),
  penalties: z.array(adminPenaltyOut),
  audit: z.array(auditEntry),
});

// --- The desk's edits of the record (server/modules/admin-customers/customer-record.routes.ts).

/** The desk may leave a phone empty (a walk-in who gave none); "" means none. */
const optionalPhone = z.preprocess((v) => (v === "" ? null : v), phoneSchema.nullable());

export const customerRecordBody = profileUpdateSchema
  .pick({ name: true, last_name: true, birthdate: true, instagram: true })
  .extend({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: t("emailInvalid") })),
    phone: optionalPhone.optional().default(null),
    /** Absent: the address stays as it is; null: removed. */
    address: addressSchema.nullish(),
  });
export const customerRecordAnswer = messageAnswer.extend({
  customer: customerRecordOut,
  address: addressOut.nullable(),
  /** A new sign-in email waiting for the person to confirm it from that address (decision 0053). */
  pending_email: z.string().nullable(),
});

export const customerTagsBody = z.object({ tags: z.array(z.string().max(30)).max(20) });
export const customerTagsSavedAnswer = messageAnswer.extend({ tags: z.array(z.string()) });

export const customerNoteBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, { message: t("noteRequired") })
    .max(2000),
  /** Shown to the coaches on their class rosters (an injury); off by default. */
  visible_to_coaches: z.boolean().default(false),
});
export const customerNoteAddedAnswer = messageAnswer.extend({
  note: z.object({
    customer_note_id: z.number(),
    customer_id: z.number(),
    author_user_id: z.string().nullable(),
    body: z.string(),
    visible_to_coaches: z.boolean(),
    createdAt: isoDate,
  }),
});

export const customerActiveAnswer = messageAnswer.extend({ customer: customerRecordOut });
export const mergeCustomerBody = z.object({ other_customer_id: z.coerce.number().int().positive() });
export const mergeCustomerAnswer = messageAnswer.extend({
  customer: customerRecordOut,
  /** Rows moved to this customer, by table. */
  moved: z.record(z.string(), z.number()),
});

export const deskSaleBody = z.object({
  class_package_id: z.coerce.number().int().positive(),
  payment: z.enum([...DESK_PAYMENTS, "gift"]),
  reference: z.string().trim().max(60).nullish(),
  amount: z.coerce.number().min(0).max(1_000_000).nullish(),
  package_days: z.coerce.number().int().min(1).max(3650).nullish(),
  /** The location whose drawer took the money (absent: the studio's first; decision 0063). */
  location_id: z.coerce.number().int().positive().nullish(),
});
export const deskSaleAnswer = messageAnswer.extend({ purchase_id: z.number() });

/** A card the customer saved with the processor in use (the desk may charge it, decision 0022). */
export const deskCardOut = z.object({
  payment_source_id: z.number(),
  card_type: z.string().nullable(),
  last_digits: z.string().nullable(),
  exp_month: z.number().nullable(),
  exp_year: z.number().nullable(),
});
export const deskCardsAnswer = z.object({ tarjetas: z.array(deskCardOut) });

export const savedCardSaleBody = z.object({
  class_package_id: z.coerce.number().int().positive(),
  payment_source_id: z.coerce.number().int().positive(),
  idempotency_key: z
    .string()
    .min(8)
    .max(200)
    .regex(/^[\w.:-]+$/),
});

// --- The desk's corrections (server/modules/admin-customers/admin-customers.routes.ts).

export const giveAccessBody = z.object({
  customer_id: z.coerce.number().int().positive(),
  class_package_id: z.coerce.number().int().positive(),
  package_days: z.coerce.number().int().min(1).max(3650).nullish(),
  is_gift: z.boolean().optional().default(false),
  payment_method_id: z.coerce.number().int().positive().nullish(),
  bill: z.coerce.number().min(0).max(1_000_000).optional().default(0),
});
export const purchaseChangedAnswer = messageAnswer.extend({ purchase_id: z.number() });

export const bookForCustomerBody = z.object({
  single_class_id: z.coerce.number().int().positive(),
  spot: z.string().trim().max(10).nullish(),
  override_rules: z.boolean().optional(),
});
export const bookedForCustomerAnswer = messageAnswer.extend({ class_reservation_id: z.number() });

export const purchaseIdBody = z.object({ purchase_id: z.coerce.number().int().positive() });
export const removeClassesBody = z.object({
  customer_id: z.coerce.number().int().positive(),
  amount: z.coerce.number().int().min(1).max(1000),
});
export const classesRemovedAnswer = messageAnswer.extend({ removed: z.number() });
export const cashConfirmedAtDeskAnswer = messageAnswer.extend({
  purchase_id: z.number(),
  granted: z.boolean(),
});
export const liftPenaltyBody = z.object({ class_reservation_penalty_id: z.coerce.number().int().positive() });
export const cancelForCustomerParams = z.object({
  id: z.coerce.number().int().positive(),
  reservationId: z.coerce.number().int().positive(),
});
export const cancelForCustomerQuery = z.object({ override_rules: z.enum(["true", "false"]).optional() });
export const cancelledForCustomerAnswer = messageAnswer.extend({ refunded: z.boolean() });

// --- Trial once per customer (decision 0093).

/** GET /customer/admin/:id/trial: the trial the customer already used, for the desk's warning. */
export const customerTrialAnswer = z.object({
  used: z
    .object({
      title: z.string(),
      at: z.string(),
      /** "Ya tomó Clase de prueba el 03 nov 2026." */
      text: z.string(),
    })
    .nullable(),
});
