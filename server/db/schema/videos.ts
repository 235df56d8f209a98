import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { class_types, instructors } from "./calendar";
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from "./columns";
import { files, tags } from "./content";
import { customers } from "./customers";

export const video_types = pgTable("video_types", {
  video_type_id: idColumn("video_type_id"),
  name: text("name").notNull(),
  description: text("description"),
  order: integer("order").notNull().default(0),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export const programs = pgTable("programs", {
  program_id: idColumn("program_id"),
  name: text("name").notNull(),
  description: text("description"),
  image: text("image"),
  available: boolean("available").notNull().default(true),
  order: integer("order").notNull().default(0),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export const videos = pgTable(
  "videos",
  {
    video_id: idColumn("video_id"),
    /** Host id (vimeo/youtube id) or a URL path for local files. */
    url: text("url"),
    host: text("host").notNull().default("local"),
    file_id: integer("file_id").references(() => files.file_id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    thumbnail: text("thumbnail"),
    /** Seconds. */
    duration: integer("duration").notNull().default(0),
    instructor_id: integer("instructor_id").references(() => instructors.instructor_id, {
      onDelete: "set null",
    }),
    class_type_id: integer("class_type_id").references(() => class_types.class_type_id, {
      onDelete: "set null",
    }),
    video_type_id: integer("video_type_id").references(() => video_types.video_type_id, {
      onDelete: "set null",
    }),
    program_id: integer("program_id").references(() => programs.program_id, { onDelete: "set null" }),
    published: boolean("published").notNull().default(true),
    /** When the video becomes visible; future = "upcoming". Null = immediately. */
    release_date: tsColumn("release_date"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("videos_host_check", sql`${t.host} in ('local', 'vimeo', 'youtube')`),
    check("videos_duration_check", sql`${t.duration} >= 0`),
    index("videos_instructor_id_idx").on(t.instructor_id),
    index("videos_class_type_id_idx").on(t.class_type_id),
    index("videos_video_type_id_idx").on(t.video_type_id),
    index("videos_program_id_idx").on(t.program_id),
    index("videos_created_at_idx").on(t.createdAt),
  ],
);

export const video_tags = pgTable(
  "video_tags",
  {
    video_id: integer("video_id")
      .notNull()
      .references(() => videos.video_id, { onDelete: "cascade" }),
    tag_id: integer("tag_id")
      .notNull()
      .references(() => tags.tag_id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.video_id, t.tag_id] }), index("video_tags_tag_id_idx").on(t.tag_id)],
);

export const favorites = pgTable(
  "favorites",
  {
    favorite_id: idColumn("favorite_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    video_id: integer("video_id")
      .notNull()
      .references(() => videos.video_id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique("favorites_customer_video_unique").on(t.customer_id, t.video_id),
    index("favorites_video_id_idx").on(t.video_id),
  ],
);

/** A view counted once per customer per day (studio-local day). */
export const playbacks = pgTable(
  "playbacks",
  {
    playback_id: idColumn("playback_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    video_id: integer("video_id")
      .notNull()
      .references(() => videos.video_id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique("playbacks_customer_video_day_unique").on(t.customer_id, t.video_id, t.day),
    index("playbacks_video_id_idx").on(t.video_id),
  ],
);

export const video_completions = pgTable(
  "video_completions",
  {
    video_completion_id: idColumn("video_completion_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    video_id: integer("video_id")
      .notNull()
      .references(() => videos.video_id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique("video_completions_customer_video_unique").on(t.customer_id, t.video_id),
    index("video_completions_video_id_idx").on(t.video_id),
  ],
);

export const video_ratings = pgTable(
  "video_ratings",
  {
    video_rating_id: idColumn("video_rating_id"),
    video_id: integer("video_id")
      .notNull()
      .references(() => videos.video_id, { onDelete: "cascade" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("video_ratings_rating_check", sql`${t.rating} between 1 and 5`),
    unique("video_ratings_video_customer_unique").on(t.video_id, t.customer_id),
    index("video_ratings_customer_id_idx").on(t.customer_id),
  ],
);

export const videoTypesRelations = relations(video_types, ({ many }) => ({
  videos: many(videos),
}));

export const programsRelations = relations(programs, ({ many }) => ({
  videos: many(videos),
}));

export const videosRelations = relations(videos, ({ one, many }) => ({
  file: one(files, { fields: [videos.file_id], references: [files.file_id] }),
  instructor: one(instructors, {
    fields: [videos.instructor_id],
    references: [instructors.instructor_id],
  }),
  class_type: one(class_types, {
    fields: [videos.class_type_id],
    references: [class_types.class_type_id],
  }),
  video_type: one(video_types, {
    fields: [videos.video_type_id],
    references: [video_types.video_type_id],
  }),
  program: one(programs, { fields: [videos.program_id], references: [programs.program_id] }),
  tags: many(video_tags),
  favorites: many(favorites),
  playbacks: many(playbacks),
  completions: many(video_completions),
  ratings: many(video_ratings),
}));

export const videoTagsRelations = relations(video_tags, ({ one }) => ({
  video: one(videos, { fields: [video_tags.video_id], references: [videos.video_id] }),
  tag: one(tags, { fields: [video_tags.tag_id], references: [tags.tag_id] }),
}));

export const favoritesRelations = relations(favorites, ({ one }) => ({
  video: one(videos, { fields: [favorites.video_id], references: [videos.video_id] }),
  customer: one(customers, { fields: [favorites.customer_id], references: [customers.customer_id] }),
}));

export const playbacksRelations = relations(playbacks, ({ one }) => ({
  video: one(videos, { fields: [playbacks.video_id], references: [videos.video_id] }),
}));

export const videoCompletionsRelations = relations(video_completions, ({ one }) => ({
  video: one(videos, { fields: [video_completions.video_id], references: [videos.video_id] }),
}));

export const videoRatingsRelations = relations(video_ratings, ({ one }) => ({
  video: one(videos, { fields: [video_ratings.video_id], references: [videos.video_id] }),
}));
