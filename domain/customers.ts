import { z } from "zod";
import { type PasswordPolicy, passwordProblem } from "./auth";
import { t } from "./messages";

/**
 * The phone's shape (docs/product-rules.md#accounts): optional plus, optional (area), 3 digits,
 * 4 to 6 digits, optional "-", "." or space.
 */
export const PHONE_PATTERN = /^[+]?[(]?[0-9]{3}[)]?[-\s.]?[0-9]{3}[-\s.]?[0-9]{4,6}$/;
export const PHONE_MAX_DIGITS = 10;

/** What a phone input keeps: digits only, truncated to 10 (docs/product-rules.md#accounts). */
export function normalizePhone(input: string): string {
  return input.replace(/\D/g, "").slice(0, PHONE_MAX_DIGITS);
}

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(input);
}

/** A phone as stored: digits only, at most 10, matching PHONE_PATTERN. */
export const phoneSchema = z
  .string()
  .transform(normalizePhone)
  .refine(isValidPhone, { message: t("phoneFormat") });

/** The sign-up form's "¿Cómo nos conociste?" options; 'Otro' reveals a free-text field. */
export const SIGNUP_REASONS = [
  "Instagram",
  "Recomendación de un amigo",
  "Pasé por el estudio",
  "Google",
  "Otro",
] as const;
export const SIGNUP_REASON_OTHER = "Otro";

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: t("emailInvalid") }));
const nameSchema = z
  .string()
  .trim()
  .min(1, { message: t("nameRequired") })
  .max(100);
const lastNameSchema = z
  .string()
  .trim()
  .min(1, { message: t("lastNameRequired") })
  .max(100);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** Values of the configured custom fields, by key (validated per type by domain/forms.ts). */
export const fieldValuesSchema = z.record(z.string().max(100), z.unknown());

/** The sign-up form and POST /api/customer/signup share this shape. */
export function signupSchema(policy: PasswordPolicy) {
  return z
    .object({
      email: emailSchema,
      password: z.string().min(1, { message: t("passwordRequired") }),
      password_confirm: z.string(),
      phone: phoneSchema,
      name: nameSchema,
      last_name: lastNameSchema,
      signup_reason: optionalText(100),
      signup_reason_other: optionalText(300),
      /** Values of the configured custom fields, by key. */
      fields: fieldValuesSchema.optional().default({}),
      /** Ticked checkbox of the pages flagged required at sign-up. */
      accept_terms: z.boolean().optional().default(false),
    })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value.password, policy);
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
      if (value.password !== value.password_confirm) {
        ctx.addIssue({ code: "custom", path: ["password_confirm"], message: t("passwordsDontMatch") });
      }
    })
    .transform(({ signup_reason, signup_reason_other, ...rest }) => ({
      ...rest,
      signup_reason,
      // The free text only means something next to 'Otro'.
      signup_reason_other: signup_reason === SIGNUP_REASON_OTHER ? signup_reason_other : null,
    }));
}
export type SignupInput = z.input<ReturnType<typeof signupSchema>>;
export type Signup = z.output<ReturnType<typeof signupSchema>>;

/**
 * An optional profile field of an update (decision 0056): absent stays `undefined`, so the saved
 * value is kept; `null` or "" clears it. A PUT that leaves a field out never empties it.
 */
const keptText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
const keptBirthdate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: t("dateInvalid") })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message: t("dateInvalid") })
  .nullish();

/**
 * PUT /api/customer. Keys older clients strip before saving (customer_milestone,
 * class_reservations, available_classes, online_accesses, accepted_pages, purchases, invoices) and
 * anything else unknown are dropped by the object parser; customer_id is ignored: the session
 * says whose profile it is.
 */
export const profileUpdateSchema = z.object({
  name: nameSchema,
  last_name: lastNameSchema,
  phone: phoneSchema,
  birthdate: keptBirthdate,
  instagram: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v.replace(/^@/, "") : null)),
  file_id: z.number().int().positive().nullish(),
  signup_reason: keptText(100),
  signup_reason_other: keptText(300),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Fields older clients remove from the profile before PUT /customer. */
export const PROFILE_PAYLOAD_STRIP = [
  "customer_milestone",
  "class_reservations",
  "available_classes",
  "online_accesses",
  "accepted_pages",
  "purchases",
  "invoices",
] as const;

const requiredText = (message: string) => z.string({ message }).trim().min(1, { message }).max(200);

/**
 * Billing address (docs/product-rules.md#profile): city, state and country required; the rest
 * optional.
 */
export const addressSchema = z.object({
  street: optionalText(200),
  number: optionalText(50),
  interior_number: optionalText(50),
  neighborhood: optionalText(200),
  city: requiredText(t("cityRequired")),
  state: requiredText(t("stateRequired")),
  country: requiredText(t("countryRequired")),
  zip_code: optionalText(20),
});
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
