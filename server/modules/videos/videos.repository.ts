import {
  and,
  asc,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { qualified } from "../../db/qualified";
import { class_types, instructors, single_classes } from "../../db/schema/calendar";
import { files, tags } from "../../db/schema/content";
import {
  favorites,
  playbacks,
  programs,
  video_completions,
  video_ratings,
  video_tags,
  video_types,
  videos,
} from "../../db/schema/videos";

export type VideoFilters = {
  query?: string;
  instructor_id?: number;
  /** Videos of the class types the category's classes are of (decision 0020). */
  class_category_id?: number;
  class_type_id?: number;
  video_type_id?: number;
  program_id?: number;
  /** Any of these tags. */
  tags?: number[];
  favorites?: boolean;
  completed?: boolean;
  /** Longest length in minutes. */
  duration?: number;
};

/** Who is looking: per-customer flags (favourite, completed, own rating) are computed for them. */
export type Viewer = { customerId: number | null };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Published and already released: what customers may see. */
const released = () =>
  and(eq(videos.published, true), or(isNull(videos.release_date), lte(videos.release_date, sql`now()`)));

/** The viewer's own flags on a video, as columns of a select over `videos`. */
function ownFlagColumns(customerId: number | Placeholder) {
  const video = qualified(videos.video_id);
  return {
    favorite: sql<number>`(exists (select 1 from ${favorites} where ${qualified(favorites.video_id)} = ${video} and ${qualified(favorites.customer_id)} = ${customerId}))::int`,
    completed: sql<number>`(exists (select 1 from ${video_completions} where ${qualified(video_completions.video_id)} = ${video} and ${qualified(video_completions.customer_id)} = ${customerId}))::int`,
    rating: sql<
      number | null
    >`(select ${qualified(video_ratings.rating)} from ${video_ratings} where ${qualified(video_ratings.video_id)} = ${video} and ${qualified(video_ratings.customer_id)} = ${customerId})`,
  };
}

function viewerColumns(customerId: number | null) {
  const none = { favorite: sql<number>`0`, completed: sql<number>`0`, rating: sql<number | null>`null` };
  return {
    ...(customerId === null ? none : ownFlagColumns(customerId)),
    playbacks: sql<number>`(select count(*) from ${playbacks} where ${playbacks.video_id} = ${qualified(videos.video_id)})::int`,
  };
}

function selectVideos(db: Db, viewer: Viewer) {
  return db
    .select({
      video_id: videos.video_id,
      url: videos.url,
      host: videos.host,
      file_src: files.src,
      name: videos.name,
      description: videos.description,
      thumbnail: videos.thumbnail,
      duration: videos.duration,
      instructor_id: videos.instructor_id,
      instructor_name: instructors.name,
      instructor_last_name: instructors.last_name,
      class_type_id: videos.class_type_id,
      class_type_name: class_types.name,
      video_type_id: videos.video_type_id,
      program_id: videos.program_id,
      release_date: videos.release_date,
      createdAt: videos.createdAt,
      ...viewerColumns(viewer.customerId),
    })
    .from(videos)
    .leftJoin(instructors, eq(instructors.instructor_id, videos.instructor_id))
    .leftJoin(class_types, eq(class_types.class_type_id, videos.class_type_id))
    .leftJoin(files, eq(files.file_id, videos.file_id));
}

export type VideoRow = Awaited<ReturnType<ReturnType<typeof selectVideos>["execute"]>>[number];

function filterConditions(filters: VideoFilters, viewer: Viewer): SQL[] {
  const conditions: SQL[] = [released() as SQL];
  const f = filters;
  if (f.query?.trim()) conditions.push(ilike(videos.name, `%${escapeLike(f.query.trim())}%`));
  if (f.instructor_id !== undefined) conditions.push(eq(videos.instructor_id, f.instructor_id));
  if (f.class_type_id !== undefined) conditions.push(eq(videos.class_type_id, f.class_type_id));
  if (f.class_category_id !== undefined) {
    // A video has a class type, not a category: it belongs to the categories whose classes are
    // of its type (single_classes_class_category_id_idx finds them).
    conditions.push(
      inArray(
        videos.class_type_id,
        sql`(select distinct ${single_classes.class_type_id} from ${single_classes} where ${single_classes.class_category_id} = ${f.class_category_id})`,
      ),
    );
  }
  if (f.video_type_id !== undefined) conditions.push(eq(videos.video_type_id, f.video_type_id));
  if (f.program_id !== undefined) conditions.push(eq(videos.program_id, f.program_id));
  if (f.duration !== undefined) conditions.push(lte(videos.duration, f.duration * 60));
  if (f.tags?.length) {
    conditions.push(
      sql`exists (select 1 from ${video_tags} where ${video_tags.video_id} = ${videos.video_id} and ${inArray(video_tags.tag_id, f.tags)})`,
    );
  }
  // Without a customer record (an admin login) nothing is favourite or completed.
  const customerId = viewer.customerId ?? -1;
  if (f.favorites !== undefined) {
    const fav = sql`exists (select 1 from ${favorites} where ${favorites.video_id} = ${videos.video_id} and ${favorites.customer_id} = ${customerId})`;
    conditions.push(f.favorites ? fav : sql`not ${fav}`);
  }
  if (f.completed !== undefined) {
    const done = sql`exists (select 1 from ${video_completions} where ${video_completions.video_id} = ${videos.video_id} and ${video_completions.customer_id} = ${customerId})`;
    conditions.push(f.completed ? done : sql`not ${done}`);
  }
  return conditions;
}

/** Newest first: the release date when set, otherwise when the video was added. */
const newestFirst = [desc(sql`coalesce(${videos.release_date}, ${videos.createdAt})`), desc(videos.video_id)];

export async function listVideos(
  db: Db,
  viewer: Viewer,
  filters: VideoFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: VideoRow[]; total: number }> {
  const where = and(...filterConditions(filters, viewer));
  const rows = await selectVideos(db, viewer)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(videos).where(where);
  return { rows, total: count?.total ?? 0 };
}

export type ViewerFlags = { favorite: number; completed: number; rating: number | null };

/**
 * The viewer's own flags (favourite, completed, rating) on some videos, in one prepared statement:
 * a library page is the same for everyone but these, so the page is cached (videos.service) and
 * only this is read per viewer. Videos the viewer never marked are left out of the map, so an
 * empty map means "the shared page as it is".
 */
export async function viewerFlags(db: Db, customerId: number, videoIds: number[]) {
  const flags = new Map<number, ViewerFlags>();
  if (videoIds.length === 0) return flags;
  for (const { video_id, ...row } of await viewerFlagsStatement(db, { customerId, ids: videoIds })) {
    if (row.favorite || row.completed || row.rating !== null) flags.set(video_id, row);
  }
  return flags;
}

const viewerFlagsStatement = preparedStatement("videos_viewer_flags", (db, name) =>
  db
    .select({ video_id: videos.video_id, ...ownFlagColumns(sql.placeholder("customerId")) })
    .from(videos)
    .where(sql`${videos.video_id} = any(${sql.placeholder("ids")})`)
    .prepare(name),
);

/** Published videos whose release date is still ahead, soonest first. */
export async function listUpcomingVideos(db: Db, viewer: Viewer): Promise<VideoRow[]> {
  return selectVideos(db, viewer)
    .where(and(eq(videos.published, true), gt(videos.release_date, sql`now()`)))
    .orderBy(asc(videos.release_date), asc(videos.video_id))
    .limit(100);
}

export async function findReleasedVideo(db: Db, viewer: Viewer, videoId: number): Promise<VideoRow | null> {
  const [row] = await selectVideos(db, viewer)
    .where(and(released(), eq(videos.video_id, videoId)))
    .limit(1);
  return row ?? null;
}

export type VideoTag = { tag_id: number; name: string; color: string | null };

export async function tagsOfVideos(db: Db, videoIds: number[]): Promise<Map<number, VideoTag[]>> {
  const byVideo = new Map<number, VideoTag[]>();
  if (videoIds.length === 0) return byVideo;
  const rows = await db
    .select({ video_id: video_tags.video_id, tag_id: tags.tag_id, name: tags.name, color: tags.color })
    .from(video_tags)
    .innerJoin(tags, eq(tags.tag_id, video_tags.tag_id))
    .where(inArray(video_tags.video_id, videoIds))
    .orderBy(asc(tags.name));
  for (const { video_id, ...tag } of rows) {
    const list = byVideo.get(video_id) ?? [];
    list.push(tag);
    byVideo.set(video_id, list);
  }
  return byVideo;
}

/** The coaches, class types and tags that released videos use: the options of the filters. */
export async function filterOptions(db: Db) {
  const visible = db.select({ id: videos.video_id }).from(videos).where(released());
  const [coachRows, typeRows, tagRows] = await Promise.all([
    db
      .selectDistinct({
        instructor_id: instructors.instructor_id,
        name: instructors.name,
        last_name: instructors.last_name,
      })
      .from(instructors)
      .innerJoin(videos, eq(videos.instructor_id, instructors.instructor_id))
      .where(inArray(videos.video_id, visible))
      .orderBy(asc(instructors.name), asc(instructors.instructor_id)),
    db
      .selectDistinct({ class_type_id: class_types.class_type_id, name: class_types.name })
      .from(class_types)
      .innerJoin(videos, eq(videos.class_type_id, class_types.class_type_id))
      .where(inArray(videos.video_id, visible))
      .orderBy(asc(class_types.name), asc(class_types.class_type_id)),
    db
      .selectDistinct({ tag_id: tags.tag_id, name: tags.name, color: tags.color })
      .from(tags)
      .innerJoin(video_tags, eq(video_tags.tag_id, tags.tag_id))
      .where(inArray(video_tags.video_id, visible))
      .orderBy(asc(tags.name), asc(tags.tag_id)),
  ]);
  return { instructors: coachRows, class_types: typeRows, tags: tagRows };
}

// Favourites, completions, playbacks, ratings: every write is scoped to the customer id the
// service passes (the signed-in customer), and idempotent thanks to the unique constraints.

export async function addFavorite(db: Db, customerId: number, videoId: number) {
  await db.insert(favorites).values({ customer_id: customerId, video_id: videoId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(favorites)
    .where(and(eq(favorites.customer_id, customerId), eq(favorites.video_id, videoId)));
  return row!;
}

export async function removeFavorite(db: Db, customerId: number, videoId: number): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.customer_id, customerId), eq(favorites.video_id, videoId)))
    .returning({ id: favorites.favorite_id });
  return rows.length > 0;
}

export async function favoriteVideoIds(db: Db, customerId: number) {
  return db
    .select({
      favorite_id: favorites.favorite_id,
      video_id: favorites.video_id,
      createdAt: favorites.createdAt,
    })
    .from(favorites)
    .innerJoin(videos, eq(videos.video_id, favorites.video_id))
    .where(and(eq(favorites.customer_id, customerId), released()))
    .orderBy(desc(favorites.createdAt), desc(favorites.favorite_id));
}

export async function markCompleted(db: Db, customerId: number, videoId: number): Promise<void> {
  await db
    .insert(video_completions)
    .values({ customer_id: customerId, video_id: videoId })
    .onConflictDoNothing();
}

export async function unmarkCompleted(db: Db, customerId: number, videoId: number): Promise<void> {
  await db
    .delete(video_completions)
    .where(and(eq(video_completions.customer_id, customerId), eq(video_completions.video_id, videoId)));
}

/** One view per customer, video and studio-local day (`timezone`); later plays that day are no-ops. */
export async function recordPlayback(
  db: Db,
  customerId: number,
  videoId: number,
  timezone: string,
): Promise<boolean> {
  const rows = await db
    .insert(playbacks)
    .values({ customer_id: customerId, video_id: videoId, day: sql`(now() at time zone ${timezone})::date` })
    .onConflictDoNothing()
    .returning({ id: playbacks.playback_id });
  return rows.length > 0;
}

export async function upsertRating(
  db: Db,
  customerId: number,
  videoId: number,
  rating: number,
  comment: string | null,
) {
  const [row] = await db
    .insert(video_ratings)
    .values({ customer_id: customerId, video_id: videoId, rating, comment })
    .onConflictDoUpdate({
      target: [video_ratings.video_id, video_ratings.customer_id],
      set: { rating, comment, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function listVideoTypes(db: Db) {
  return db.select().from(video_types).orderBy(asc(video_types.order), asc(video_types.video_type_id));
}

// Programs (admins write them; customers read the available ones).

export type ProgramInput = Omit<typeof programs.$inferInsert, "program_id" | "createdAt" | "updatedAt">;

export async function listPrograms(db: Db, onlyAvailable: boolean) {
  return db
    .select()
    .from(programs)
    .where(onlyAvailable ? eq(programs.available, true) : undefined)
    .orderBy(asc(programs.order), asc(programs.program_id));
}

export async function findProgram(db: Db, programId: number) {
  const [row] = await db.select().from(programs).where(eq(programs.program_id, programId)).limit(1);
  return row ?? null;
}

export async function insertProgram(db: Db, input: ProgramInput) {
  const [row] = await db.insert(programs).values(input).returning();
  return row!;
}

export async function updateProgram(db: Db, programId: number, input: Partial<ProgramInput>) {
  const [row] = await db
    .update(programs)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(programs.program_id, programId))
    .returning();
  return row ?? null;
}

export async function deleteProgram(db: Db, programId: number): Promise<boolean> {
  const rows = await db
    .delete(programs)
    .where(eq(programs.program_id, programId))
    .returning({ id: programs.program_id });
  return rows.length > 0;
}
