import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from "./columns";
import { files, tags } from "./content";
import { customers } from "./customers";
import { class_packages } from "./packages";
import { class_reservations } from "./reservations";
import { waitlists } from "./waitlists";

export const locations = pgTable("locations", {
  location_id: idColumn("location_id"),
  name: text("name").notNull(),
  /** Human-readable address shown with the class. */
  address: text("address"),
  description: text("description"),
  phone: text("phone"),
  map_url: text("map_url"),
  available: boolean("available").notNull().default(true),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** Spot map keyed "A1" -> { label, selectable }; rows are letters, columns numbers. */
export type CustomSpotMapSpots = Record<string, { label?: string; selectable?: boolean }>;

export const custom_spot_maps = pgTable(
  "custom_spot_maps",
  {
    custom_spot_map_id: idColumn("custom_spot_map_id"),
    name: text("name").notNull(),
    class_type_id: integer("class_type_id").references((): AnyPgColumn => class_types.class_type_id, {
      onDelete: "set null",
    }),
    /** Comma list of class type ids using this map. */
    class_types: text("class_types"),
    rows: integer("rows").notNull(),
    columns: integer("columns").notNull(),
    spots: jsonb("spots").$type<CustomSpotMapSpots>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("custom_spot_maps_rows_check", sql`${t.rows} between 1 and 26`),
    check("custom_spot_maps_columns_check", sql`${t.columns} between 1 and 100`),
  ],
);

export const class_types = pgTable(
  "class_types",
  {
    class_type_id: idColumn("class_type_id"),
    name: text("name").notNull(),
    icon: text("icon"),
    image: text("image"),
    description: text("description"),
    /** Comma-separated row sizes, e.g. "4,5,5,6". Null: no spot map. */
    spot_map: text("spot_map"),
    custom_spot_map_id: integer("custom_spot_map_id").references(
      (): AnyPgColumn => custom_spot_maps.custom_spot_map_id,
      { onDelete: "set null" },
    ),
    color: text("color"),
    available: boolean("available").notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("class_types_spot_map_check", sql`${t.spot_map} is null or ${t.spot_map} ~ '^[0-9]+(,[0-9]+)*$'`),
  ],
);

export const class_categories = pgTable("class_categories", {
  class_category_id: idColumn("class_category_id"),
  name: text("name").notNull(),
  handle: text("handle").unique(),
  description: text("description"),
  available: boolean("available").notNull().default(true),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export const instructors = pgTable(
  "instructors",
  {
    instructor_id: idColumn("instructor_id"),
    name: text("name").notNull(),
    last_name: text("last_name"),
    nick_name: text("nick_name"),
    quote: text("quote"),
    short_bio: text("short_bio"),
    instagram: text("instagram"),
    birthdate: date("birthdate", { mode: "string" }),
    music_type: text("music_type"),
    file_id: integer("file_id").references(() => files.file_id, { onDelete: "set null" }),
    active: boolean("active").notNull().default(true),
    order: integer("order").notNull().default(0),
    /**
     * The coach's staff login (decision 0031): they see this profile's classes and edit its bio.
     */
    user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("instructors_file_id_idx").on(t.file_id),
    uniqueIndex("instructors_user_id_idx").on(t.user_id),
  ],
);

/**
 * A weekly repetition (decision 0026): its classes point here through single_classes.series_id,
 * so "esta y las siguientes" and "toda la serie" find them. A class stays a full row of its own.
 */
export const class_series = pgTable("class_series", {
  class_series_id: idColumn("class_series_id"),
  createdAt: createdAtColumn(),
});

export const single_classes = pgTable(
  "single_classes",
  {
    single_class_id: idColumn("single_class_id"),
    class_date: tsColumn("class_date").notNull(),
    duration_minutes: integer("duration_minutes").notNull().default(50),
    description: text("description"),
    /** Seats. Null counts as full (spec). */
    capacity: integer("capacity"),
    /**
     * Active reservation rows (hosts and guests) of this class, kept by the statement triggers of
     * class_reservations (migration 0007) for every writer. A booking takes its seat with one
     * conditional update of this row; everything else still counts the rows.
     */
    seats_taken: integer("seats_taken").notNull().default(0),
    location_id: integer("location_id").references(() => locations.location_id, {
      onDelete: "restrict",
    }),
    class_type_id: integer("class_type_id")
      .notNull()
      .references(() => class_types.class_type_id, { onDelete: "restrict" }),
    class_category_id: integer("class_category_id").references(() => class_categories.class_category_id, {
      onDelete: "set null",
    }),
    /** Class tied to a package (special event): booked by buying that package. */
    class_package_id: integer("class_package_id").references(() => class_packages.class_package_id, {
      onDelete: "set null",
    }),
    icon: text("icon"),
    cancelledAt: tsColumn("cancelled_at"),
    /** The weekly series this class belongs to (null: a class on its own). */
    series_id: integer("series_id").references((): AnyPgColumn => class_series.class_series_id, {
      onDelete: "set null",
    }),
    /** iCalendar SEQUENCE: +1 on every change customers are told about (time, coach, place, cancel). */
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("single_classes_capacity_check", sql`${t.capacity} is null or ${t.capacity} >= 0`),
    index("single_classes_series_id_idx").on(t.series_id, t.class_date),
    check("single_classes_duration_check", sql`${t.duration_minutes} > 0`),
    index("single_classes_class_date_idx").on(t.class_date),
    // Lists of someone's reservations join classes by id and sort by date: with both in one
    // index the join reads the index only (bench/explain.ts, Mis Reservaciones).
    index("single_classes_id_date_idx").on(t.single_class_id, t.class_date),
    index("single_classes_location_id_idx").on(t.location_id),
    index("single_classes_class_type_id_idx").on(t.class_type_id),
    index("single_classes_class_category_id_idx").on(t.class_category_id),
    index("single_classes_class_package_id_idx").on(t.class_package_id),
  ],
);

export const single_class_instructors = pgTable(
  "single_class_instructors",
  {
    single_class_id: integer("single_class_id")
      .notNull()
      .references(() => single_classes.single_class_id, { onDelete: "cascade" }),
    instructor_id: integer("instructor_id")
      .notNull()
      .references(() => instructors.instructor_id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.single_class_id, t.instructor_id] }),
    index("single_class_instructors_instructor_id_idx").on(t.instructor_id),
  ],
);

export const single_class_tags = pgTable(
  "single_class_tags",
  {
    single_class_id: integer("single_class_id")
      .notNull()
      .references(() => single_classes.single_class_id, { onDelete: "cascade" }),
    tag_id: integer("tag_id")
      .notNull()
      .references(() => tags.tag_id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.single_class_id, t.tag_id] }),
    index("single_class_tags_tag_id_idx").on(t.tag_id),
  ],
);

export const CLASS_CHANGE_NOTICE_KINDS = ["changed", "cancelled"] as const;
export type ClassChangeNoticeKind = (typeof CLASS_CHANGE_NOTICE_KINDS)[number];
export type ClassChangeLine = { label: string; before: string; after: string };

/**
 * What a customer is told in their account when the studio changes or cancels a class they booked
 * or wait for: one row per person and change, shown until they dismiss it. A "changed" notice with
 * a reservation lets them cancel that reservation without cost (the change is the studio's).
 */
export const class_change_notices = pgTable(
  "class_change_notices",
  {
    class_change_notice_id: idColumn("class_change_notice_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references((): AnyPgColumn => customers.customer_id, { onDelete: "cascade" }),
    single_class_id: integer("single_class_id")
      .notNull()
      .references(() => single_classes.single_class_id, { onDelete: "cascade" }),
    /** The booked seat (null for someone on the waitlist). */
    class_reservation_id: integer("class_reservation_id").references(
      (): AnyPgColumn => class_reservations.class_reservation_id,
      { onDelete: "set null" },
    ),
    kind: text("kind").$type<ClassChangeNoticeKind>().notNull(),
    changes: jsonb("changes").$type<ClassChangeLine[]>().notNull().default([]),
    refunded_credits: integer("refunded_credits").notNull().default(0),
    dismissedAt: tsColumn("dismissed_at"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("class_change_notices_kind_check", sql`${t.kind} in ('changed', 'cancelled')`),
    index("class_change_notices_customer_idx").on(t.customer_id, t.createdAt),
    index("class_change_notices_class_idx").on(t.single_class_id),
    index("class_change_notices_reservation_idx").on(t.class_reservation_id),
  ],
);

export const locationsRelations = relations(locations, ({ many }) => ({
  single_classes: many(single_classes),
}));

export const customSpotMapsRelations = relations(custom_spot_maps, ({ one }) => ({
  class_type: one(class_types, {
    fields: [custom_spot_maps.class_type_id],
    references: [class_types.class_type_id],
  }),
}));

export const classTypesRelations = relations(class_types, ({ one, many }) => ({
  custom_spot_map: one(custom_spot_maps, {
    fields: [class_types.custom_spot_map_id],
    references: [custom_spot_maps.custom_spot_map_id],
  }),
  single_classes: many(single_classes),
}));

export const classCategoriesRelations = relations(class_categories, ({ many }) => ({
  single_classes: many(single_classes),
}));

export const instructorsRelations = relations(instructors, ({ one, many }) => ({
  file: one(files, { fields: [instructors.file_id], references: [files.file_id] }),
  class_instructors: many(single_class_instructors),
}));

export const singleClassesRelations = relations(single_classes, ({ one, many }) => ({
  class_type: one(class_types, {
    fields: [single_classes.class_type_id],
    references: [class_types.class_type_id],
  }),
  location: one(locations, {
    fields: [single_classes.location_id],
    references: [locations.location_id],
  }),
  class_category: one(class_categories, {
    fields: [single_classes.class_category_id],
    references: [class_categories.class_category_id],
  }),
  class_package: one(class_packages, {
    fields: [single_classes.class_package_id],
    references: [class_packages.class_package_id],
  }),
  class_instructors: many(single_class_instructors),
  tags: many(single_class_tags),
  class_reservations: many(class_reservations),
  waitlists: many(waitlists),
}));

export const singleClassInstructorsRelations = relations(single_class_instructors, ({ one }) => ({
  single_class: one(single_classes, {
    fields: [single_class_instructors.single_class_id],
    references: [single_classes.single_class_id],
  }),
  instructor: one(instructors, {
    fields: [single_class_instructors.instructor_id],
    references: [instructors.instructor_id],
  }),
}));

export const singleClassTagsRelations = relations(single_class_tags, ({ one }) => ({
  single_class: one(single_classes, {
    fields: [single_class_tags.single_class_id],
    references: [single_classes.single_class_id],
  }),
  tag: one(tags, { fields: [single_class_tags.tag_id], references: [tags.tag_id] }),
}));
