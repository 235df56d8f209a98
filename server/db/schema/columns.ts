import { integer, numeric, timestamp } from "drizzle-orm/pg-core";

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
