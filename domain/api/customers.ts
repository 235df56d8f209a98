import { z } from "zod";
import { DEFAULT_PASSWORD_POLICY } from "../auth";
import { addressSchema, profileUpdateSchema, signupSchema } from "../customers";
import { messages } from "../messages";
import { STAFF_ROLES } from "../staff";
import { isoDate, messageAnswer } from "./wire";

/**
 * A customer's own account (server/modules/customers): the session, the profile, sign-up, email
 * change, the phone check, recovery and the password policy.
 */

/** The customer's address as their profile and the desk's record answer it. */
export const addressOut = z.object({
  address_id: z.number(),
  customer_id: z.number(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  interior_number: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string().nullable(),
});

/** The customer's own billing address (server/modules/addresses): at most one. */
export const addressesAnswer = z.object({ addresses: z.array(addressOut) });
export const addressAnswer = z.object({ address: addressOut });
/** POST /addresses takes addressSchema (domain/customers.ts); PUT names the address in the body. */
export const createAddressBody = addressSchema;
export const changeAddressBody = addressSchema.extend({ address_id: z.number().int().positive() });
export const addressDeletedAnswer = z.object({ deleted: z.literal(true) });

/**
 * The customers row as the customer's own routes answer it, without the front desk's tags and
 * merge marker. Never the private calendar feed's secret (ical_token): it is a credential that
 * opens the feed without a session, and the feed route (GET /api/class_reservations/calendar-feed)
 * is the one place that hands its URL out, to its own customer.
 */
const customerColumns = {
  file_id: z.number().nullable(),
  signup_reason: z.string().nullable(),
  signup_reason_other: z.string().nullable(),
  has_unlimited: z.boolean(),
  unlimited_membership_expiration: isoDate.nullable(),
  deactivatedAt: isoDate.nullable(),
  reminder_emails: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
};

/** What the front desk adds to the row (the desk's labels and the merge marker). */
const deskColumns = { tags: z.array(z.string()), merged_into_id: z.number().nullable() };

/** Who a customer is: the login's and the record's shared identity fields. */
const personColumns = {
  uid: z.string().nullable(),
  name: z.string(),
  last_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  birthdate: z.string().nullable(),
  instagram: z.string().nullable(),
};

/**
 * The signed-in person (GET /api/session and the profile's base). A staff login without a
 * customer record has customer_id null and only the first fields; a customer has the whole row.
 */
export const currentCustomerOut = z.object({
  customer_id: z.number().nullable(),
  ...personColumns,
  role: z.enum(["customer", "admin"]),
  /** owner, manager, front_desk or coach (decision 0031); null for a customer. */
  staff_role: z.enum(STAFF_ROLES).nullable().optional(),
  ...z.object(customerColumns).partial().shape,
});
export const sessionAnswer = z.object({ customer: currentCustomerOut.nullable() });

/** GET /api/customer: the profile card's data (photo, address, missing fields). */
export const profileOut = currentCustomerOut.extend({
  file: z
    .object({ file_id: z.number(), src: z.string(), name: z.string(), type: z.string().nullable() })
    .nullable(),
  address: addressOut.nullable(),
  missing_fields: z.array(z.object({ key: z.string(), label: z.string() })),
});
export const profileAnswer = z.object({ customer: profileOut });

/** A customer record as written (sign-up, an administrator's edit through PUT /api/customer). */
export const customerRecordOut = z.object({
  customer_id: z.number(),
  ...personColumns,
  ...customerColumns,
  ...deskColumns,
});

/** PUT /api/customer: customer_id, if sent, must be the caller's own unless an administrator edits another. */
export const profileUpdateBody = profileUpdateSchema.extend({
  customer_id: z.coerce.number().int().positive().nullish(),
});
export const profileUpdateAnswer = z.object({
  // A customer gets their whole profile back; an administrator the edited record.
  customer: z.union([profileOut, customerRecordOut.extend({ role: z.literal("customer") })]),
  message: z.string(),
});

/** The sign-up form's fields as /api/docs shows them (the real rules follow the studio's policy). */
export const signupDocumentedBody = signupSchema(DEFAULT_PASSWORD_POLICY);
/** Validated in the handler: the password rules depend on the studio's policy. */
export const signupBody = z.record(z.string(), z.unknown());
export const signupAnswer = z.object({
  customer: customerRecordOut.extend({ role: z.literal("customer") }),
});

export const emailChangeBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: messages.emailInvalid })),
});
export const emailChangeAnswer = messageAnswer;
export const emailConfirmBody = z.object({ token: z.string().min(1).max(300) });
export const emailConfirmAnswer = z.object({ message: z.string(), email: z.string() });

export const phoneQuery = z.object({ phone: z.string().min(1).max(30) });
export const phoneAnswer = z.object({
  exists: z.boolean(),
  /** Only to an administrator: who has it. */
  customer: z
    .object({
      customer_id: z.number(),
      name: z.string(),
      last_name: z.string().nullable(),
      email: z.string(),
    })
    .nullable()
    .optional(),
});

export const recoverBody = z.object({ email: z.string().trim().toLowerCase().max(254) });
export const recoverAnswer = messageAnswer;

export const passwordPolicyOut = z.object({
  min_length: z.number(),
  max_length: z.number().nullable(),
  require_lowercase: z.boolean(),
  require_uppercase: z.boolean(),
  require_numeric: z.boolean(),
  require_symbol: z.boolean(),
});
export const passwordPolicyAnswer = z.object({ policy: passwordPolicyOut });

/**
 * Where the customer's request to close the account stands (ARCO, GET and POST
 * /api/customer/closure-request, server/modules/privacy).
 */
export const closureStatusAnswer = z.object({
  status: z.enum(["none", "requested", "closed"]),
  requested_at: isoDate.nullable(),
  closed_at: isoDate.nullable(),
});
export const closureRequestedAnswer = closureStatusAnswer.extend({ message: z.string() });

/** One of my signed-in sessions (decision 0055): never its token. */
export const mySessionOut = z.object({
  id: z.string(),
  /** "Chrome en Android", from the User-Agent. */
  device: z.string(),
  /** The address it signed in from (no place database is shipped: the IP is the place). */
  place: z.string().nullable(),
  signed_in_at: isoDate,
  last_active_at: isoDate,
  expires_at: isoDate,
  /** The session of this very request. */
  current: z.boolean(),
});
export const mySessionsAnswer = z.object({ sessions: z.array(mySessionOut) });
export const sessionIdParams = z.object({ id: z.string().min(1).max(200) });
