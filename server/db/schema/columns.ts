import { customType, integer, numeric, timestamp } from "drizzle-orm/pg-core";

// Shared column builders (not tables). Timestamps are always timestamptz (UTC instants).

/** Numeric identity primary key named `<entity>_id`. */
export const idColumn = (name: string) => integer(name).primaryKey().generatedAlwaysAsIdentity();

export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const tsColumn = (name: string) => timestamp(name, { withTimezone: true });

/** Money in MXN, two decimals. The app does arithmetic in integer centavos. */
export const moneyColumn = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * jsonb for values that may be plain strings. Drizzle's own jsonb parses a string it gets from
 * the driver a second time, so the stored JSON string "5512345678" came back as a number. Both
 * node-postgres and PGlite already parse jsonb, so this type passes the value through as is.
 */
export const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});
