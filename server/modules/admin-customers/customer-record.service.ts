import type { Address } from "../../../domain/customers";
import { AppError, notFound } from "../../../domain/errors";
import { messages } from "../../../domain/messages";
import type { Auth } from "../../auth/auth";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { createMyAddress, deleteMyAddress, myAddress, updateMyAddress } from "../addresses/addresses.service";
import { type Actor, auditedChange } from "../audit/audit.service";
import {
  assertMayChangeLogin,
  isPhoneInUse,
  phoneInUse,
  requestRecovery,
} from "../customers/customers.service";
import { findCustomer } from "./admin-customers.repository";
import {
  type CustomerPatch,
  type CustomerRow,
  emailTakenByOtherLogin,
  insertNote,
  moveCustomerRows,
  notesOf,
  patchCustomer,
  setLoginBanned,
  sharedActiveClasses,
  tagsInUse,
} from "./customer-record.repository";

/**
 * The desk's corrections to a customer's record (decision 0022): profile and address, tags,
 * internal notes, a password-reset link, deactivation and merging two accounts of one person. Every
 * change is audited with what it was before and what it is after, in the change's own transaction.
 */

const customerNotFound = () => notFound("customerNotFound", "CUSTOMER_NOT_FOUND");

async function lockedCustomer(tx: Db, id: number) {
  const row = await findCustomer(tx, id, true);
  if (!row) throw customerNotFound();
  return row;
}

/** A deactivated (or merged) customer cannot be booked or sold to until reactivated. */
export function assertActive(customer: Pick<CustomerRow, "deactivatedAt" | "merged_into_id">) {
  if (customer.merged_into_id !== null) throw AppError.of("CUSTOMER_MERGED");
  if (customer.deactivatedAt !== null) throw AppError.of("CUSTOMER_DEACTIVATED");
}

/** Only the fields whose value changed, as { before, after }, for the audit entry. */
function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (JSON.stringify(old ?? null) !== JSON.stringify(value ?? null)) {
      was[key] = old ?? null;
      is[key] = value ?? null;
    }
  }
  return { before: was, after: is, changed: Object.keys(is).length > 0 };
}

export type RecordUpdate = {
  name: string;
  last_name: string | null;
  email: string;
  phone: string | null;
  /** undefined: leave it as it is (decision 0056); null: clear it. */
  birthdate?: string | null;
  instagram?: string | null;
  /** undefined: leave the address as it is; null: remove it. */
  address?: Address | null;
};

const emailTaken = () => AppError.of("EMAIL_IN_USE", { fields: { email: messages.emailInUse } });

/**
 * PUT /customer/admin/:id: the desk edits name, last name, email, phone, birthdate, instagram
 * and the billing address (through the addresses domain). The email of a customer without a
 * login (a walk-in) is only contact data and changes here. The email of a login is who the account
 * belongs to (decision 0053): it is not written here; `email_change` tells the route to send the
 * confirmation link to the new address and a notice to the old one, and the change happens only
 * when the link is opened. A staff member's email is theirs alone to change.
 */
export async function updateRecord(db: Db, actor: Actor, id: number, input: RecordUpdate) {
  try {
    return await auditedChange(db, actor, async (tx) => {
      const current = await lockedCustomer(tx, id);
      const emailChanged = input.email.toLowerCase() !== current.email.toLowerCase();
      await assertMayChangeLogin(tx, actor.user_id, current, emailChanged ? "login" : "profile");
      if (input.phone && (await isPhoneInUse(tx, input.phone, id))) throw phoneInUse();
      if (emailChanged && (await emailTakenByOtherLogin(tx, input.email, current.uid))) throw emailTaken();
      const loginEmail = emailChanged && current.uid !== null;
      // A field left out of the request keeps its value (decision 0056): only given keys are set.
      const values = Object.fromEntries(
        Object.entries({
          name: input.name,
          last_name: input.last_name,
          email: loginEmail ? current.email : input.email,
          phone: input.phone,
          birthdate: input.birthdate,
          instagram: input.instagram,
        }).filter(([, value]) => value !== undefined),
      ) as CustomerPatch;
      const change = diff(current as unknown as Record<string, unknown>, values);
      const updated = change.changed ? await patchCustomer(tx, id, values) : current;
      const email_change =
        loginEmail && current.uid
          ? {
              login: { id: current.uid, email: current.email, name: updated.name },
              new_email: input.email,
            }
          : null;

      const addressBefore = await myAddress(tx, id);
      let addressAfter = addressBefore;
      if (input.address === null && addressBefore) {
        await deleteMyAddress(tx, id, addressBefore.address_id);
        addressAfter = null;
      } else if (input.address && addressBefore) {
        addressAfter = await updateMyAddress(tx, id, addressBefore.address_id, input.address);
      } else if (input.address) {
        addressAfter = await createMyAddress(tx, id, input.address);
      }
      const strip = (a: typeof addressBefore) => {
        if (!a) return null;
        const { address_id: _a, customer_id: _c, ...rest } = a;
        return rest;
      };
      const addressChange = diff({ address: strip(addressBefore) }, { address: strip(addressAfter) });
      const before = { ...change.before, ...addressChange.before };
      const after = { ...change.after, ...addressChange.after };
      // The request is recorded; the change itself is audited when the link is opened.
      if (email_change) after.email_change_requested = email_change.new_email;
      return {
        result: { customer: updated, address: addressAfter, email_change },
        audit:
          change.changed || addressChange.changed || email_change
            ? {
                action: "customer.update",
                entity: "customer",
                entity_id: id,
                customer_id: id,
                details: { before, after },
              }
            : null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneInUse();
    throw error;
  }
}

/** Trimmed, inner spaces collapsed, at most 30 characters, each once whatever its case. */
export function normalizeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, " ").slice(0, 30);
    const key = tag.toLocaleLowerCase("es-MX");
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** PUT /customer/admin/:id/tags: the customer's whole set of tags. */
export async function setTags(db: Db, actor: Actor, id: number, tags: string[]) {
  return auditedChange(db, actor, async (tx) => {
    const current = await lockedCustomer(tx, id);
    const next = normalizeTags(tags);
    const change = diff({ tags: current.tags }, { tags: next });
    if (!change.changed) return { result: current.tags, audit: null };
    await patchCustomer(tx, id, { tags: next });
    return {
      result: next,
      audit: {
        action: "customer.tags",
        entity: "customer",
        entity_id: id,
        customer_id: id,
        details: { before: change.before, after: change.after },
      },
    };
  });
}

export async function allTags(db: Db) {
  return tagsInUse(db);
}

/** POST /customer/admin/:id/notes: an internal note, dated and signed by the admin who wrote it. */
export async function addNote(db: Db, actor: Actor, id: number, body: string, visibleToCoaches = false) {
  return auditedChange(db, actor, async (tx) => {
    await lockedCustomer(tx, id);
    const note = await insertNote(tx, {
      customer_id: id,
      body,
      author_user_id: actor.user_id,
      visible_to_coaches: visibleToCoaches,
    });
    return {
      result: note,
      audit: {
        action: "customer.note_add",
        entity: "customer_note",
        entity_id: note.customer_note_id,
        customer_id: id,
        details: { before: null, after: { body, visible_to_coaches: visibleToCoaches } },
      },
    };
  });
}

export async function customerNotes(db: Db, id: number) {
  return notesOf(db, id);
}

/**
 * POST /customer/admin/:id/password-reset: better-auth's own reset flow (the same email and
 * one-hour link the customer gets from "¿Olvidaste tu contraseña?", sent through the outbox).
 * The audit entry is written first: a reset email without its entry would be worse than an
 * entry whose email failed (the outbox shows that).
 */
export async function sendPasswordReset(db: Db, auth: Auth, actor: Actor, id: number) {
  const customer = await auditedChange(db, actor, async (tx) => {
    const row = await lockedCustomer(tx, id);
    if (!row.uid) throw AppError.of("NO_LOGIN");
    await assertMayChangeLogin(tx, actor.user_id, row, "login");
    assertActive(row);
    return {
      result: row,
      audit: {
        action: "customer.password_reset",
        entity: "customer",
        entity_id: id,
        customer_id: id,
        details: { email: row.email },
      },
    };
  });
  await requestRecovery(auth, customer.email);
  return customer;
}

/**
 * Deactivates (or reactivates) an account: the record says since when, the login is banned so
 * better-auth refuses to sign it in, and its sessions end now. Purchases, credits and history stay.
 */
export async function setActive(db: Db, actor: Actor, id: number, active: boolean, now = new Date()) {
  return auditedChange(db, actor, async (tx) => {
    const current = await lockedCustomer(tx, id);
    await assertMayChangeLogin(tx, actor.user_id, current, "login");
    if (active && current.merged_into_id !== null) throw AppError.of("CUSTOMER_MERGED");
    if (active === (current.deactivatedAt === null)) {
      throw AppError.of(
        409,
        active ? "ALREADY_ACTIVE" : "ALREADY_DEACTIVATED",
        active ? "customerAlreadyActive" : "customerAlreadyDeactivated",
      );
    }
    const deactivatedAt = active ? null : now;
    const updated = await patchCustomer(tx, id, { deactivatedAt });
    if (current.uid) await setLoginBanned(tx, current.uid, !active);
    return {
      result: updated,
      audit: {
        action: active ? "customer.reactivate" : "customer.deactivate",
        entity: "customer",
        entity_id: id,
        customer_id: id,
        details: {
          before: { deactivatedAt: current.deactivatedAt?.toISOString() ?? null },
          after: { deactivatedAt: deactivatedAt?.toISOString() ?? null },
        },
      },
    };
  });
}

/** The later of two membership ends; null (no end) wins. */
function laterEnd(a: Date | null, b: Date | null): Date | null {
  if (a === null || b === null) return null;
  return a > b ? a : b;
}

/**
 * POST /customer/admin/:id/merge: two accounts of one person become one. In one transaction every
 * row of `otherId` (purchases, invoices, credits, penalties, reservations and attendance,
 * waitlists, notes, files, saved cards, form answers, address...) moves to `keptId`; blank
 * profile fields of the kept record take the other's values; tags and memberships combine. The
 * other record stays (deactivated, `merged_into_id` set, its login banned) so its history and its
 * audit trail still lead somewhere. Refused while both hold a seat in the same class.
 */
export async function mergeCustomers(
  db: Db,
  actor: Actor,
  keptId: number,
  otherId: number,
  now = new Date(),
) {
  if (keptId === otherId) throw AppError.of("MERGE_SAME");
  return auditedChange(db, actor, async (tx) => {
    // Both rows locked, lower id first, so two merges of the same pair cannot deadlock.
    const [first, second] = keptId < otherId ? [keptId, otherId] : [otherId, keptId];
    const a = await lockedCustomer(tx, first);
    const b = await lockedCustomer(tx, second);
    const kept = a.customer_id === keptId ? a : b;
    const other = a.customer_id === keptId ? b : a;
    await assertMayChangeLogin(tx, actor.user_id, kept, "login");
    await assertMayChangeLogin(tx, actor.user_id, other, "login");
    if (other.merged_into_id !== null || kept.merged_into_id !== null) {
      throw AppError.of("CUSTOMER_MERGED");
    }
    const shared = await sharedActiveClasses(tx, keptId, otherId);
    if (shared.length > 0) {
      throw AppError.of("MERGE_SHARED_CLASS", { details: { single_class_ids: shared } });
    }
    const moved = await moveCustomerRows(tx, keptId, otherId, now);

    // Blank fields of the kept record take the other's; the phone is unique, so the other gives it up.
    const fill: CustomerPatch = {};
    if (!kept.last_name && other.last_name) fill.last_name = other.last_name;
    if (!kept.birthdate && other.birthdate) fill.birthdate = other.birthdate;
    if (!kept.instagram && other.instagram) fill.instagram = other.instagram;
    if (!kept.file_id && other.file_id) fill.file_id = other.file_id;
    if (!kept.phone && other.phone) {
      await patchCustomer(tx, otherId, { phone: null });
      fill.phone = other.phone;
    }
    const tags = normalizeTags([...kept.tags, ...other.tags]);
    if (tags.length !== kept.tags.length) fill.tags = tags;
    if (other.has_unlimited) {
      fill.has_unlimited = true;
      fill.unlimited_membership_expiration = kept.has_unlimited
        ? laterEnd(kept.unlimited_membership_expiration, other.unlimited_membership_expiration)
        : other.unlimited_membership_expiration;
    }
    const updated = Object.keys(fill).length ? await patchCustomer(tx, keptId, fill) : kept;
    await patchCustomer(tx, otherId, {
      merged_into_id: keptId,
      deactivatedAt: other.deactivatedAt ?? now,
      has_unlimited: false,
      unlimited_membership_expiration: null,
    });
    if (other.uid) await setLoginBanned(tx, other.uid, true);
    const profile = diff(kept as unknown as Record<string, unknown>, fill as Record<string, unknown>);
    return {
      result: { customer: updated, moved },
      audit: {
        action: "customer.merge",
        entity: "customer",
        entity_id: keptId,
        customer_id: keptId,
        details: {
          merged_customer_id: otherId,
          merged_email: other.email,
          merged_name: [other.name, other.last_name].filter(Boolean).join(" "),
          moved,
          before: profile.before,
          after: profile.after,
        },
      },
    };
  });
}
