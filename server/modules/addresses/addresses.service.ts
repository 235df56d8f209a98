import type { Address } from "../../../domain/customers";
import { AppError, notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import {
  type AddressRow,
  deleteOwnAddress,
  findAddressOf,
  findOwnAddress,
  insertAddress,
  updateOwnAddress,
} from "./addresses.repository";

export function addressPublic(row: AddressRow) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

export async function myAddress(db: Db, customerId: number) {
  const row = await findAddressOf(db, customerId);
  return row ? addressPublic(row) : null;
}

export async function getMyAddress(db: Db, customerId: number, addressId: number) {
  const row = await findOwnAddress(db, customerId, addressId);
  if (!row) throw notFound();
  return addressPublic(row);
}

export async function createMyAddress(db: Db, customerId: number, values: Address) {
  const row = await insertAddress(db, customerId, values);
  if (!row) throw AppError.of("ADDRESS_EXISTS");
  return addressPublic(row);
}

export async function updateMyAddress(db: Db, customerId: number, addressId: number, values: Address) {
  const row = await updateOwnAddress(db, customerId, addressId, values);
  if (!row) throw notFound();
  return addressPublic(row);
}

export async function deleteMyAddress(db: Db, customerId: number, addressId: number) {
  if (!(await deleteOwnAddress(db, customerId, addressId))) throw notFound();
}
