import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  class_package_types,
  class_packages,
  type HomeList,
  package_home_lists,
} from "../../db/schema/packages";

export type PackageRow = typeof class_packages.$inferSelect;
export type PackageTypeRow = typeof class_package_types.$inferSelect;

const byOrder = [asc(class_packages.order), asc(class_packages.class_package_id)];

export async function listPackages(
  db: Db,
  filter: { onlyAvailable: boolean; kind?: "online" | "presenciales" | "especiales" },
) {
  const conditions = [];
  if (filter.onlyAvailable) conditions.push(eq(class_packages.available, true));
  if (filter.kind === "online") conditions.push(eq(class_packages.is_online, true));
  if (filter.kind === "especiales") conditions.push(eq(class_packages.is_special_event, true));
  if (filter.kind === "presenciales") {
    conditions.push(eq(class_packages.is_online, false), eq(class_packages.is_special_event, false));
  }
  return db
    .select()
    .from(class_packages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...byOrder);
}

export async function listHomePackages(db: Db, list: HomeList) {
  const rows = await db
    .select({ pkg: class_packages })
    .from(package_home_lists)
    .innerJoin(class_packages, eq(class_packages.class_package_id, package_home_lists.class_package_id))
    .where(and(eq(package_home_lists.list, list), eq(class_packages.available, true)))
    .orderBy(asc(package_home_lists.order), ...byOrder);
  return rows.map((r) => r.pkg);
}

export async function findPackage(db: Db, id: number): Promise<PackageRow | undefined> {
  const [row] = await db
    .select()
    .from(class_packages)
    .where(eq(class_packages.class_package_id, id))
    .limit(1);
  return row;
}

/** Locks the package row: purchases of one package are serialised while limits are counted. */
export async function lockPackage(db: Db, id: number): Promise<PackageRow | undefined> {
  const [row] = await db
    .select()
    .from(class_packages)
    .where(eq(class_packages.class_package_id, id))
    .for("update")
    .limit(1);
  return row;
}

export async function listPackageTypes(db: Db, packageIds: number[]): Promise<PackageTypeRow[]> {
  if (packageIds.length === 0) return [];
  return db
    .select()
    .from(class_package_types)
    .where(inArray(class_package_types.class_package_id, packageIds))
    .orderBy(asc(class_package_types.class_package_type_id));
}

export async function addToHomeList(db: Db, list: HomeList, classPackageId: number, order: number) {
  await db
    .insert(package_home_lists)
    .values({ list, class_package_id: classPackageId, order })
    .onConflictDoUpdate({
      target: [package_home_lists.class_package_id, package_home_lists.list],
      set: { order },
    });
}

export async function removeFromHomeList(db: Db, list: HomeList, classPackageId: number): Promise<boolean> {
  const rows = await db
    .delete(package_home_lists)
    .where(and(eq(package_home_lists.list, list), eq(package_home_lists.class_package_id, classPackageId)))
    .returning({ id: package_home_lists.package_home_list_id });
  return rows.length > 0;
}
