import { notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { type Actor, auditedChange } from "../audit/audit.service";
import { findCustomerById, phoneTaken, updateCustomer } from "./customers.repository";
import { assertMayChangeLogin, phoneInUse } from "./customers.service";

export type CustomerNameAndPhone = { name: string; last_name: string; phone: string };

/**
 * PUT /api/customer with another customer's `customer_id`, by an administrator (the contract's
 * `{customer_id, name, last_name, phone}`): exactly those three fields of that customer, audited
 * with the before and after in the same transaction. The full record (birthdate, notes, tags...)
 * is the front desk's screen (admin-customers).
 */
export async function editCustomerAsAdmin(
  db: Db,
  actor: Actor,
  customerId: number,
  input: CustomerNameAndPhone,
) {
  try {
    return await auditedChange(db, actor, async (tx) => {
      const before = await findCustomerById(tx, customerId);
      if (!before) throw notFound();
      await assertMayChangeLogin(tx, actor.user_id, before, "profile");
      if (await phoneTaken(tx, input.phone, customerId)) throw phoneInUse();
      const after = await updateCustomer(tx, customerId, input);
      const pick = (c: { name: string; last_name: string | null; phone: string | null }) => ({
        name: c.name,
        last_name: c.last_name,
        phone: c.phone,
      });
      return {
        result: after!,
        audit: {
          action: "customer.update",
          entity: "customer",
          entity_id: customerId,
          customer_id: customerId,
          details: { before: pick(before), after: pick(after!) },
        },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneInUse();
    throw error;
  }
}
