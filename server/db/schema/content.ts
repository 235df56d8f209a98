import { relations, sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { single_class_tags } from "./calendar";
import { createdAtColumn, idColumn, updatedAtColumn } from "./columns";
import { customers } from "./customers";
import { video_tags } from "./videos";

export const tags = pgTable(
  "tags",
  {
    tag_id: idColumn("tag_id"),
    name: text("name").notNull(),
    color: text("color"),
    /** 'class' | 'video' | ... */
    type: text("type").notNull().default("class"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("tags_type_idx").on(t.type)],
);

export const pages = pgTable("pages", {
  page_id: idColumn("page_id"),
  title: text("title").notNull(),
  slug: text("slug").notNull().unique(),
  /** Sanitised HTML. Null: the page is not linked in the footer. */
  content: text("content"),
  required: boolean("required").notNull().default(false),
  required_at_signup: boolean("required_at_signup").notNull().default(false),
  show_in_footer: boolean("show_in_footer").notNull().default(true),
  order: integer("order").notNull().default(0),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export const accepted_pages = pgTable(
  "accepted_pages",
  {
    accepted_page_id: idColumn("accepted_page_id"),
    page_id: integer("page_id")
      .notNull()
      .references(() => pages.page_id, { onDelete: "cascade" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique("accepted_pages_page_customer_unique").on(t.page_id, t.customer_id),
    index("accepted_pages_customer_id_idx").on(t.customer_id),
  ],
);

export const announcements = pgTable(
  "announcements",
  {
    announcement_id: idColumn("announcement_id"),
    title: text("title").notNull(),
    /** Sanitised HTML. */
    content: text("content"),
    image: text("image"),
    published: boolean("published").notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("announcements_created_at_idx").on(t.createdAt)],
);

export const files = pgTable(
  "files",
  {
    file_id: idColumn("file_id"),
    name: text("name").notNull(),
    /** MIME type (sniffed). */
    type: text("type"),
    /** Bytes. */
    size: integer("size"),
    storage: text("storage").notNull().default("server"),
    /** Disk path relative to DATA_DIR/files, or the S3 key. */
    path: text("path"),
    /** Public URL or URL path. */
    src: text("src").notNull(),
    /** Owner (customer uploads); null for staff/demo files. */
    customer_id: integer("customer_id").references((): AnyPgColumn => customers.customer_id, {
      onDelete: "set null",
    }),
    /**
     * Served only to its owner and to staff (a customer's form documents, waiver photos, profile
     * photo), never by a public or cacheable URL. Catalogue images stay false (docs/decisions, file storage).
     */
    private: boolean("private").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("files_storage_check", sql`${t.storage} in ('server', 'aws')`),
    check("files_size_check", sql`${t.size} is null or ${t.size} >= 0`),
    index("files_customer_id_idx").on(t.customer_id),
    // Private files are looked up by their key when served (/files/private/<key>).
    index("files_path_idx").on(t.path),
  ],
);

export const tagsRelations = relations(tags, ({ many }) => ({
  single_class_tags: many(single_class_tags),
  video_tags: many(video_tags),
}));

export const pagesRelations = relations(pages, ({ many }) => ({
  accepted_pages: many(accepted_pages),
}));

export const acceptedPagesRelations = relations(accepted_pages, ({ one }) => ({
  page: one(pages, { fields: [accepted_pages.page_id], references: [pages.page_id] }),
  customer: one(customers, {
    fields: [accepted_pages.customer_id],
    references: [customers.customer_id],
  }),
}));

export const filesRelations = relations(files, ({ one }) => ({
  owner: one(customers, { fields: [files.customer_id], references: [customers.customer_id] }),
}));
