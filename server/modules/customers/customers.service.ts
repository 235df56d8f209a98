import type { Db } from "../../db/client";
import type { AuthUser } from "../../plugins/auth";
import { findCustomerById } from "./customers.repository";

/**
 * The signed-in person as the web sees them. A staff login without a customer record still gets
 * a usable shape (customer_id null) so the admin can use the app.
 */
export async function getCurrentCustomer(db: Db, current: AuthUser) {
  if (current.customer_id !== null) {
    const customer = await findCustomerById(db, current.customer_id);
    if (customer) return { ...customer, role: current.role };
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
  };
}
