import { pgTable, text } from "drizzle-orm/pg-core";
import { jsonValue, updatedAtColumn } from "./columns";

/** Studio configuration overrides: only keys that differ from the defaults in code are stored. */
export const app_config = pgTable("app_config", {
  key: text("key").primaryKey(),
  value: jsonValue("value").notNull(),
  updatedAt: updatedAtColumn(),
});
