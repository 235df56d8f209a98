import { APIError } from "better-auth/api";
import type { AppConfig } from "../../../domain/app-config";
import { passwordPolicyFromConfig } from "../../../domain/auth";
import type { ProfileUpdate, Signup } from "../../../domain/customers";
import { AppError, notFound } from "../../../domain/errors";
import { messages } from "../../../domain/messages";
import { staffRoleOf } from "../../../domain/staff";
import type { Auth, AuthUser } from "../../auth/auth";
import { loginExists } from "../../auth/session-logins";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { acceptSignupPages, signupPages } from "../accepted-pages/accepted-pages.service";
import { myAddress } from "../addresses/addresses.service";
import { customerOwnsFiles, findFilePublic } from "../files/files.service";
import { checkSignupValues, missingFieldsFor, saveCustomerValues } from "../forms/forms.service";
import {
  deleteLogin,
  findCustomerById,
  insertCustomer,
  loginRole,
  phoneTaken,
  updateCustomer,
} from "./customers.repository";

/**
 * The signed-in person as the web sees them. A staff login without a customer record still gets
 * a usable shape (customer_id null) so the admin can use the app.
 */
export async function getCurrentCustomer(db: Db, current: AuthUser) {
  if (current.customer_id !== null) {
    const customer = await findCustomerById(db, current.customer_id);
    if (customer) return { ...customer, role: current.role, staff_role: current.staff_role };
  }
  const [name = current.name, ...rest] = current.name.split(" ");
  return {
    customer_id: null,
    uid: current.id,
    name,
    last_name: rest.join(" ") || null,
    email: current.email,
    phone: null,
    birthdate: null,
    instagram: null,
    role: current.role,
    staff_role: current.staff_role,
  };
}

/** GET /api/customer: the profile card's data (photo, address, missing fields). */
export async function getProfile(db: Db, current: AuthUser) {
  const base = await getCurrentCustomer(db, current);
  if (base.customer_id === null) return { ...base, file: null, address: null, missing_fields: [] };
  const customer = await findCustomerById(db, base.customer_id);
  const missing = await missingFieldsFor(db, base.customer_id);
  return {
    ...base,
    file: await findFilePublic(db, customer?.file_id ?? null),
    address: await myAddress(db, base.customer_id),
    missing_fields: missing.map(({ key, label }) => ({ key, label })),
  };
}

export async function isPhoneInUse(db: Db, phone: string, exceptCustomerId: number | null): Promise<boolean> {
  return phoneTaken(db, phone, exceptCustomerId);
}

/** A phone another account already uses (sign-up, profile, the desk's record and walk-ins). */
export const phoneInUse = () => AppError.of("PHONE_IN_USE", { fields: { phone: messages.phoneInUse } });
const accountExists = () => AppError.of("ACCOUNT_EXISTS");

export type SignupDeps = { db: Db; auth: Auth; config: AppConfig };

/**
 * The sign-up sequence (docs/product-rules.md#accounts), server-side and all-or-nothing: the phone
 * is unused, the better-auth account is created (signed in), then the customer record, its
 * custom-field values and the accepted sign-up pages are written in one transaction. If that
 * transaction fails the login is deleted, so no half-made account remains. Returns better-auth's
 * headers (session cookie, Bearer token) for the caller to forward.
 */
export async function signUpCustomer(deps: SignupDeps, input: Signup) {
  const { db, auth } = deps;
  const pages = await signupPages(db);
  if (pages.length > 0 && !input.accept_terms) {
    throw AppError.of("MUST_ACCEPT_TERMS", {
      fields: { accept_terms: "Debes aceptar los términos y condiciones antes de continuar." },
    });
  }
  await checkSignupValues(db, input.fields);
  if (await phoneTaken(db, input.phone, null)) throw phoneInUse();
  if (await loginExists(db, input.email)) throw accountExists();

  let created: { headers: Headers; response: { token: string | null; user: { id: string } } };
  try {
    created = await auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: `${input.name} ${input.last_name}` },
      returnHeaders: true,
    });
  } catch (error) {
    // Two sign-ups with one email at the same instant: the loser gets the used-email 409.
    if (error instanceof APIError && error.body?.code === "USER_ALREADY_EXISTS") throw accountExists();
    throw error;
  }
  const uid = created.response.user.id;
  try {
    const customer = await db.transaction(async (tx) => {
      const row = await insertCustomer(tx, {
        uid,
        email: input.email,
        name: input.name,
        last_name: input.last_name,
        phone: input.phone,
        signup_reason: input.signup_reason,
        signup_reason_other: input.signup_reason_other,
      });
      await saveCustomerValues(tx, row.customer_id, input.fields, { signup: true });
      if (input.accept_terms) await acceptSignupPages(tx, row.customer_id);
      return row;
    });
    return { customer, headers: created.headers };
  } catch (error) {
    await deleteLogin(db, uid);
    if (isUniqueViolation(error)) throw phoneInUse();
    throw error;
  }
}

/** The password policy of this studio, as the web and API clients see it. */
export function passwordPolicy(config: AppConfig) {
  return passwordPolicyFromConfig(config);
}

/** PUT /api/customer: only the signed-in customer's own record, whatever ids the body carries. */
export async function updateProfile(db: Db, customerId: number, input: ProfileUpdate) {
  if (await phoneTaken(db, input.phone, customerId)) throw phoneInUse();
  if (input.file_id && !(await customerOwnsFiles(db, customerId, [input.file_id]))) {
    throw AppError.of("FILE_NOT_OWNED");
  }
  try {
    const row = await updateCustomer(db, customerId, input);
    if (!row) throw notFound();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneInUse();
    throw error;
  }
}

/**
 * POST /api/customer/recover: asks better-auth for a reset email (link to /restablecer, one hour,
 * single use). The answer never says whether the email has an account; better-auth also spends
 * the same work for unknown emails.
 */
export async function requestRecovery(auth: Auth, email: string): Promise<void> {
  await auth.api.requestPasswordReset({ body: { email, redirectTo: "/restablecer" } });
}

/**
 * A customer the front desk registers for a walk-in: name and phone (email optional), without a
 * login (uid null). Runs in the caller's transaction; the phone must be unused, as at sign-up.
 */
export async function createCustomerAtDesk(
  tx: Db,
  input: { name: string; last_name?: string | null; phone: string; email?: string | null },
) {
  if (await phoneTaken(tx, input.phone, null)) throw phoneInUse();
  return insertCustomer(tx, {
    uid: null,
    email: input.email ?? "",
    name: input.name,
    last_name: input.last_name ?? null,
    phone: input.phone,
  });
}

/**
 * A member an aggregator sent (docs/product-rules.md#aggregator-bookings): a record without a
 * login, by name and email; the phone only when the aggregator gave one nobody else uses.
 */
export async function createCustomerForPartner(
  tx: Db,
  input: { name: string; email: string | null; phone: string | null },
) {
  const phone =
    input.phone && /^\d{10}$/.test(input.phone) && !(await phoneTaken(tx, input.phone, null))
      ? input.phone
      : null;
  const [name, ...rest] = input.name.trim().split(/\s+/);
  return insertCustomer(tx, {
    uid: null,
    email: input.email ?? "",
    name: name || "Miembro",
    last_name: rest.join(" ") || null,
    phone,
  });
}

/**
 * What the back office may do to the login behind a customer record (decision 0053):
 * - `login`: its sign-in email, password reset, deactivation, merging, closure;
 * - `profile`: name, phone and the rest of the record.
 * A staff member's login (any role) is changed only by that person: nobody else on the team
 * can move its email, lock it or merge it away. An owner's or manager's record is theirs
 * alone, profile included. A customer's login stays the desk's to help with, and an email change
 * still goes through the confirmation link (email-change.service.ts).
 */
export async function assertMayChangeLogin(
  db: Db,
  actorUserId: string,
  record: { uid: string | null },
  what: "login" | "profile",
) {
  if (!record.uid || record.uid === actorUserId) return;
  const staff = staffRoleOf(await loginRole(db, record.uid));
  if (staff === null) return;
  if (what === "login" || staff === "owner" || staff === "manager") {
    throw AppError.of("STAFF_ACCOUNT_PROTECTED");
  }
}
