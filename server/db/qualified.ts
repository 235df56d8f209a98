import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A column written with its table. Drizzle leaves columns bare inside the selected fields of a
 * single-table select (it qualifies them in where and order by), and in a correlated subquery a
 * bare "customer_id" means the inner table's: the subquery then matches every row.
 */
export const qualified = (column: PgColumn) => sql`${column.table}.${sql.identifier(column.name)}`;
