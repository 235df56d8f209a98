import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
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
  return (await db.delete(forms).where(eq(forms.form_id, formId)).returning()).length > 0;
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
  return row!;
}

export async function updateCustomField(db: Db, id: number, values: Partial<NewCustomField>) {
  const [row] = await db
    .update(custom_fields)
    .set(values)
    .where(eq(custom_fields.custom_field_id, id))
    .returning();
  return row ?? null;
}

export async function deleteCustomField(db: Db, id: number): Promise<boolean> {
  return (await db.delete(custom_fields).where(eq(custom_fields.custom_field_id, id)).returning()).length > 0;
}

export async function listValues(db: Db, customerId: number) {
  return db
    .select({ custom_field_id: customer_field_values.custom_field_id, value: customer_field_values.value })
    .from(customer_field_values)
    .where(eq(customer_field_values.customer_id, customerId));
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
