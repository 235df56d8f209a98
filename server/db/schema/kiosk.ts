import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { locations } from "./calendar";
import { createdAtColumn, idColumn, tsColumn } from "./columns";

/**
 * A check-in kiosk (decision 0097): a restricted device session a staff member opens on a tablet
 * at the door. The tablet holds only the session's token (an httpOnly cookie); the table keeps its
 * SHA-256, never the token. Leaving needs the PIN chosen at opening, kept as a scrypt hash; wrong
 * PINs and wrong phones are counted here so every instance sees the same counts.
 */
export const kiosk_sessions = pgTable(
  "kiosk_sessions",
  {
    kiosk_session_id: idColumn("kiosk_session_id"),
    token_hash: text("token_hash").notNull(),
    pin_hash: text("pin_hash").notNull(),
    /** The door's location: check-in there only (null: every location). */
    location_id: integer("location_id").references(() => locations.location_id, { onDelete: "set null" }),
    opened_by: text("opened_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    closedAt: tsColumn("closed_at"),
    pin_failures: integer("pin_failures").notNull().default(0),
    pin_locked_until: tsColumn("pin_locked_until"),
    lookup_failures: integer("lookup_failures").notNull().default(0),
    lookup_window_start: tsColumn("lookup_window_start"),
  },
  (t) => [
    uniqueIndex("kiosk_sessions_token_hash_idx").on(t.token_hash),
    index("kiosk_sessions_open_idx").on(t.closedAt),
  ],
);
