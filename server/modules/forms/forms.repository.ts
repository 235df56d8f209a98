import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { cachedRead } from "../../db/cached-read";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { custom_fields, customer_field_values, forms } from "../../db/schema/forms";

export type CustomFieldRow = typeof custom_fields.$inferSelect;
export type NewCustomField = typeof custom_fields.$inferInsert;

const fieldOrder = [asc(custom_fields.step), asc(custom_fields.order), asc(custom_fields.custom_field_id)];

export async function listForms(db: Db) {
  return db.query.forms.findMany({
    orderBy: asc(forms.form_id),
    with: { form_fields: { orderBy: fieldOrder } },
  });
}

export async function findForm(db: Db, formId: number) {
  return (
    (await db.query.forms.findFirst({
      where: eq(forms.form_id, formId),
      with: { form_fields: { orderBy: fieldOrder } },
    })) ?? null
  );
}

export async function insertForm(db: Db, values: typeof forms.$inferInsert) {
  const [row] = await db.insert(forms).values(values).returning();
  return row!;
}

export async function updateForm(db: Db, formId: number, values: Partial<typeof forms.$inferInsert>) {
  const [row] = await db.update(forms).set(values).where(eq(forms.form_id, formId)).returning();
  return row ?? null;
}

export async function deleteForm(db: Db, formId: number): Promise<boolean> {
  // Its fields go with it (on delete cascade).
  const deleted = (await db.delete(forms).where(eq(forms.form_id, formId)).returning()).length > 0;
  fieldsOfObjectCache.forget();
  return deleted;
}

const fieldsOfObjectStatement = preparedStatement("forms_fields_of_object", (db, name) =>
  db
    .select()
    .from(custom_fields)
    .where(eq(custom_fields.object, sql.placeholder("object")))
    .orderBy(...fieldOrder)
    .prepare(name),
);

/** The fields of one object type: a prepared statement. */
export async function listFieldsOfObject(db: Db, object: string): Promise<CustomFieldRow[]> {
  return fieldsOfObjectStatement(db, { object });
}

/** The object type of the fields that describe a customer (profile and sign-up). */
export const CUSTOMER_OBJECT = "customer";

/** Kept as long as the studio settings are (5 s), dropped by every write to custom_fields here. */
const FIELDS_CACHE_MS = 5_000;
const fieldsOfObjectCache = cachedRead(FIELDS_CACHE_MS, (db) => listFieldsOfObject(db, CUSTOMER_OBJECT));

/**
 * The customer fields as every booking checks them, read at most once per FIELDS_CACHE_MS. Not
 * for a transaction that writes fields (see cachedRead).
 */
export async function listCustomerFieldsCached(db: Db): Promise<CustomFieldRow[]> {
  return fieldsOfObjectCache.get(db);
}

export async function listCustomFields(db: Db, filter: { object?: string; form_id?: number } = {}) {
  const conditions = [
    filter.object ? eq(custom_fields.object, filter.object) : undefined,
    filter.form_id ? eq(custom_fields.form_id, filter.form_id) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select()
    .from(custom_fields)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...fieldOrder);
}

export async function findCustomField(db: Db, id: number) {
  const [row] = await db.select().from(custom_fields).where(eq(custom_fields.custom_field_id, id)).limit(1);
  return row ?? null;
}

export async function insertCustomField(db: Db, values: NewCustomField) {
  const [row] = await db.insert(custom_fields).values(values).returning();
  fieldsOfObjectCache.forget();
  return row!;
}

export async function updateCustomField(db: Db, id: number, values: Partial<NewCustomField>) {
  const [row] = await db
    .update(custom_fields)
    .set(values)
    .where(eq(custom_fields.custom_field_id, id))
    .returning();
  fieldsOfObjectCache.forget();
  return row ?? null;
}

export async function deleteCustomField(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(custom_fields).where(eq(custom_fields.custom_field_id, id)).returning();
  fieldsOfObjectCache.forget();
  return rows.length > 0;
}

const valuesStatement = preparedStatement("forms_customer_values", (db, name) =>
  db
    .select({ custom_field_id: customer_field_values.custom_field_id, value: customer_field_values.value })
    .from(customer_field_values)
    .where(eq(customer_field_values.customer_id, sql.placeholder("customerId")))
    .prepare(name),
);

export async function listValues(db: Db, customerId: number) {
  return valuesStatement(db, { customerId });
}

/** Writes the given values (one row per field) and removes the ones set to null. */
export async function upsertValues(
  db: Db,
  customerId: number,
  rows: { custom_field_id: number; value: unknown }[],
): Promise<void> {
  const cleared = rows.filter((r) => r.value === null).map((r) => r.custom_field_id);
  if (cleared.length > 0) {
    await db
      .delete(customer_field_values)
      .where(
        and(
          eq(customer_field_values.customer_id, customerId),
          inArray(customer_field_values.custom_field_id, cleared),
        ),
      );
  }
  for (const row of rows.filter((r) => r.value !== null)) {
    await db
      .insert(customer_field_values)
      .values({ customer_id: customerId, custom_field_id: row.custom_field_id, value: row.value })
      .onConflictDoUpdate({
        target: [customer_field_values.customer_id, customer_field_values.custom_field_id],
        set: { value: row.value, updatedAt: new Date() },
      });
  }
}
