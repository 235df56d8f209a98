import { ApiError } from "../../../lib/api-client";
import type { CustomerDetail, CustomerRecordInput } from "../api";

const EMPTY_ADDRESS = {
  street: "",
  number: "",
  interior_number: "",
  neighborhood: "",
  city: "",
  state: "",
  country: "",
  zip_code: "",
};
export type AddressForm = typeof EMPTY_ADDRESS;

/** The edit form's values, from the record as saved (blanks for what is missing). */
export function formOf(detail: CustomerDetail) {
  const { customer, address } = detail;
  return {
    name: customer.name,
    last_name: customer.last_name ?? "",
    email: customer.email,
    phone: customer.phone ?? "",
    birthdate: customer.birthdate ?? "",
    instagram: customer.instagram ?? "",
    address: address
      ? (Object.fromEntries(
          Object.keys(EMPTY_ADDRESS).map((k) => [k, address[k as keyof typeof address] ?? ""]),
        ) as AddressForm)
      : EMPTY_ADDRESS,
  };
}
export type CustomerForm = ReturnType<typeof formOf>;

const blankToNull = (v: string) => (v.trim() ? v.trim() : null);

/** Whether any address field is filled in: then city, state and country are required. */
export const hasAddress = (form: CustomerForm) => Object.values(form.address).some((v) => v.trim());

/** What PUT /customer/admin/:id receives: blanks as null, no address when none was typed. */
export function recordInputOf(form: CustomerForm): CustomerRecordInput {
  return {
    name: form.name,
    // Required by the record (lastNameRequired): an empty one gets that message, not a type error.
    last_name: form.last_name,
    email: form.email,
    phone: blankToNull(form.phone),
    birthdate: blankToNull(form.birthdate),
    instagram: blankToNull(form.instagram),
    address: hasAddress(form)
      ? {
          street: blankToNull(form.address.street),
          number: blankToNull(form.address.number),
          interior_number: blankToNull(form.address.interior_number),
          neighborhood: blankToNull(form.address.neighborhood),
          city: form.address.city,
          state: form.address.state,
          country: form.address.country,
          zip_code: blankToNull(form.address.zip_code),
        }
      : null,
  };
}

/** The API's field errors keyed as the form's inputs are ("address.city" → "address_city"). */
export function formErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError && error.fields)) return null;
  return Object.fromEntries(
    Object.entries(error.fields).map(([k, v]) => [k.replace(/^address\./, "address_"), v]),
  );
}
