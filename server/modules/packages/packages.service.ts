import { notFound } from "../../../domain/errors";
import { moneyOut } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { HomeList } from "../../db/schema/packages";
import {
  addToHomeList,
  findPackage,
  listHomePackages,
  listPackages,
  listPackageTypes,
  type PackageRow,
  type PackageTypeRow,
  removeFromHomeList,
} from "./packages.repository";

/** Checkout locks the package row it sells (its stock and price are read under the lock). */
export { lockPackage } from "./packages.repository";

/** The package shape every screen reads (the published contract's keys; money as numbers). */
export function toPackageOut(row: PackageRow, types: PackageTypeRow[] = []) {
  return {
    ...row,
    price: moneyOut(row.price) ?? 0,
    sale_price: moneyOut(row.sale_price),
    package_id: row.class_package_id,
    class_package_types: types
      .filter((t) => t.class_package_id === row.class_package_id)
      .map((t) => ({
        class_package_type_id: t.class_package_type_id,
        class_type_id: t.class_type_id,
        class_amount: t.class_amount,
        expiration_days: t.expiration_days,
      })),
  };
}
export type PackageOut = ReturnType<typeof toPackageOut>;

async function withTypes(db: Db, rows: PackageRow[]) {
  const types = await listPackageTypes(
    db,
    rows.map((r) => r.class_package_id),
  );
  return rows.map((r) => toPackageOut(r, types));
}

export async function getPackages(
  db: Db,
  options: { admin?: boolean; kind?: "online" | "presenciales" | "especiales" } = {},
) {
  return withTypes(db, await listPackages(db, { onlyAvailable: !options.admin, kind: options.kind }));
}

export async function getHomePackages(db: Db, list: HomeList) {
  return withTypes(db, await listHomePackages(db, list));
}

/** One package; unavailable ones are only visible to admins. */
export async function getPackage(db: Db, id: number, options: { admin?: boolean } = {}) {
  const row = await findPackage(db, id);
  if (!row || (!row.available && !options.admin)) throw notFound("packageNotFound", "PACKAGE_NOT_FOUND");
  const [out] = await withTypes(db, [row]);
  return out!;
}

export async function addPackageToHome(db: Db, list: HomeList, classPackageId: number, order?: number) {
  if (!(await findPackage(db, classPackageId))) throw notFound("packageNotFound", "PACKAGE_NOT_FOUND");
  const position = order ?? (await listHomePackages(db, list)).length;
  await addToHomeList(db, list, classPackageId, position);
}

export async function removePackageFromHome(
  db: Db,
  list: HomeList,
  classPackageId: number,
): Promise<boolean> {
  return removeFromHomeList(db, list, classPackageId);
}

/** A package a setting names (the sign-up fee, the trial), read as stored: admin view. */
export async function findPackageForSetting(db: Db, id: number) {
  return findPackage(db, id);
}
