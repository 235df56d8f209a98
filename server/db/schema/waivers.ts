import { index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAtColumn, idColumn, tsColumn } from "./columns";
import { files } from "./content";
import { customers } from "./customers";

/**
 * The carta responsiva in versions (decision 0099): publishing writes a new row, old ones stay
 * (every signature names the exact text it signed). The current version is the highest.
 */
export const waiver_versions = pgTable("waiver_versions", {
  waiver_version_id: idColumn("waiver_version_id"),
  version: integer("version").notNull().unique(),
  title: text("title").notNull(),
  body_html: text("body_html").notNull(),
  /** SHA-256 (hex) of the plain text the PDF prints, so a signed copy can be matched to its version. */
  text_sha256: text("text_sha256").notNull(),
  published_by: text("published_by").references(() => user.id, { onDelete: "set null" }),
  published_at: tsColumn("published_at").notNull().defaultNow(),
});

/**
 * One person's signature of one version, with what the law asks a signature to show (name, date,
 * IP, user agent) and the signed PDF. Kept on account closure (decision 0099): the customer row is
 * anonymised but the signature and its PDF stay as the studio's evidence.
 */
export const waiver_signatures = pgTable(
  "waiver_signatures",
  {
    waiver_signature_id: idColumn("waiver_signature_id"),
    waiver_version_id: integer("waiver_version_id")
      .notNull()
      .references(() => waiver_versions.waiver_version_id, { onDelete: "restrict" }),
    customer_id: integer("customer_id").references(() => customers.customer_id, { onDelete: "set null" }),
    signer_name: text("signer_name").notNull(),
    /** 'drawn' (canvas) or 'typed' (the name typed: the keyboard's way to sign). */
    method: text("method").notNull(),
    ip: text("ip"),
    user_agent: text("user_agent"),
    text_sha256: text("text_sha256").notNull(),
    /** The signed PDF (a private file with no customer owner, so closure keeps it). */
    file_id: integer("file_id").references(() => files.file_id, { onDelete: "set null" }),
    /** The staff login that handed the tablet over at the desk; null when the customer signed alone. */
    collected_by: text("collected_by").references(() => user.id, { onDelete: "set null" }),
    signed_at: tsColumn("signed_at").notNull().defaultNow(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique("waiver_signatures_version_customer").on(t.waiver_version_id, t.customer_id),
    index("waiver_signatures_customer_idx").on(t.customer_id),
  ],
);
