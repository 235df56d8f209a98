import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
// The field types are the form rules' (domain/forms.ts owns the list).
import { FIELD_TYPES, type FieldType } from "../../../domain/forms";
import { createdAtColumn, idColumn, jsonValue, updatedAtColumn } from "./columns";
import { customers } from "./customers";

export const forms = pgTable("forms", {
  form_id: idColumn("form_id"),
  name: text("name").notNull(),
  /** What the form describes, e.g. 'customer'. */
  object: text("object").notNull().default("customer"),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export const custom_fields = pgTable(
  "custom_fields",
  {
    custom_field_id: idColumn("custom_field_id"),
    form_id: integer("form_id").references(() => forms.form_id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    label: text("label").notNull(),
    type: text("type").$type<FieldType>().notNull().default("text"),
    order: integer("order").notNull().default(0),
    step: integer("step").notNull().default(1),
    required: boolean("required").notNull().default(false),
    /** Comma-separated options for select types. */
    options: text("options"),
    className: text("class_name"),
    /** Condition on another field's value that shows this one. */
    precondition: text("precondition"),
    object: text("object").notNull().default("customer"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check(
      "custom_fields_type_check",
      sql`${t.type} in (${sql.raw(FIELD_TYPES.map((type) => `'${type}'`).join(", "))})`,
    ),
    index("custom_fields_form_id_idx").on(t.form_id),
    index("custom_fields_object_idx").on(t.object),
  ],
);

export const customer_field_values = pgTable(
  "customer_field_values",
  {
    customer_field_value_id: idColumn("customer_field_value_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    custom_field_id: integer("custom_field_id")
      .notNull()
      .references(() => custom_fields.custom_field_id, { onDelete: "cascade" }),
    value: jsonValue("value"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique("customer_field_values_customer_field_unique").on(t.customer_id, t.custom_field_id),
    index("customer_field_values_custom_field_id_idx").on(t.custom_field_id),
  ],
);

export const formsRelations = relations(forms, ({ many }) => ({
  form_fields: many(custom_fields),
}));

export const customFieldsRelations = relations(custom_fields, ({ one, many }) => ({
  form: one(forms, { fields: [custom_fields.form_id], references: [forms.form_id] }),
  values: many(customer_field_values),
}));

export const customerFieldValuesRelations = relations(customer_field_values, ({ one }) => ({
  custom_field: one(custom_fields, {
    fields: [customer_field_values.custom_field_id],
    references: [custom_fields.custom_field_id],
  }),
  customer: one(customers, {
    fields: [customer_field_values.customer_id],
    references: [customers.customer_id],
  }),
}));
