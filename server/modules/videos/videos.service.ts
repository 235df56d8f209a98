import type { AppConfig } from "../../../domain/app-config";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { AuthUser } from "../../auth/auth";
import type { Db } from "../../db/client";
import type { Mailer } from "../../plugins/mailer";
import type { ReadCache } from "../../plugins/read-cache";
import { PrecompressedBody } from "../../plugins/serialized";
import { brandOf } from "../mail/templates/brand";
import { videoRatingEmail } from "../mail/templates/videos";
import { hasOnlineAccess } from "./online-access";
import type { VideoFilters, VideoRow, VideoTag, Viewer } from "./videos.repository";
import * as repo from "./videos.repository";

/** The online library's page size (docs/product-rules.md#online-library). */
export const VIDEOS_PAGE_SIZE = 32;

/**
 * The read caches of the library (plugins/read-cache.ts): `shared` for the pages everyone sees,
 * `viewers` for each customer's own part (their access, their flags on a page).
 */
export type VideoCaches = { shared: ReadCache; viewers: ReadCache };

/**
 * Who may use the online library. The feature off (videos_enabled false) answers 404, as if the
 * library did not exist, the same as the web's routes do. Admins always have access (a studio owner
 * checks the content without buying it). A customer needs online access (online_access.ts);
 * otherwise 412 PURCHASE_REQUIRED, which the web turns into the "buy a package" message.
 *
 * Only a granted access is kept, in the per-viewer read cache (a refusal is a rejected build,
 * which the cache never keeps): whoever just bought is let in on their next request, on any
 * instance. A refund or cancellation made through this instance empties the cache at once (every
 * successful write does); access that ends by itself (an expiry date passing) or through another
 * instance is refused within READ_CACHE_STALE_MAX_MS (5 s; a failed rebuild leaves the previous
 * answer until then).
 */
export async function resolveViewer(
  db: Db,
  viewers: ReadCache,
  user: AuthUser,
  config: { videos_enabled: boolean },
): Promise<Viewer> {
  if (!config.videos_enabled) throw AppError.of("VIDEOS_DISABLED");
  if (user.role === "admin") return { customerId: user.customer_id };
  const customerId = user.customer_id;
  if (customerId === null) throw purchaseRequired();
  await viewers.get(`videos-access:${customerId}`, async () => {
    if (!(await hasOnlineAccess(db, customerId))) throw purchaseRequired();
    return true;
  });
  return { customerId };
}

const purchaseRequired = () => AppError.of("PURCHASE_REQUIRED");

/** Favourites, completions and ratings belong to a customer record; an admin without one gets 403. */
export function requireCustomer(viewer: Viewer): number {
  if (viewer.customerId === null) throw AppError.of("FORBIDDEN");
  return viewer.customerId;
}

const VIMEO_ID = /^\d{1,15}$/;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The iframe address for an external host; null when the stored id does not look like one. */
export function embedUrl(host: string, id: string | null): string | null {
  if (!id) return null;
  if (host === "vimeo" && VIMEO_ID.test(id)) return `https://player.vimeo.com/video/${id}`;
  if (host === "youtube" && YOUTUBE_ID.test(id)) return `https://www.youtube-nocookie.com/embed/${id}`;
  return null;
}

export type Video = ReturnType<typeof toVideo>;

function toVideo(row: VideoRow, tags: VideoTag[]) {
  const local = row.host === "local";
  return {
    video_id: row.video_id,
    url: row.url,
    host: row.host,
    /** Playable address of a self-hosted file (an uploaded file wins over the stored path). */
    file: local ? (row.file_src ?? row.url) : null,
    embed_url: local ? null : embedUrl(row.host, row.url),
    name: row.name,
    description: row.description,
    thumbnail: row.thumbnail,
    duration: row.duration,
    instructor_id: row.instructor_id,
    instructor:
      row.instructor_id !== null && row.instructor_name !== null
        ? { instructor_id: row.instructor_id, name: row.instructor_name, last_name: row.instructor_last_name }
        : null,
    class_type_id: row.class_type_id,
    class_type:
      row.class_type_id !== null && row.class_type_name !== null
        ? { class_type_id: row.class_type_id, name: row.class_type_name }
        : null,
    video_type_id: row.video_type_id,
    program_id: row.program_id,
    tags,
    ...ownFlags(row),
    playbacks: Number(row.playbacks ?? 0),
    release_date: row.release_date ? row.release_date.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function withTags(db: Db, rows: VideoRow[]) {
  const tags = await repo.tagsOfVideos(
    db,
    rows.map((r) => r.video_id),
  );
  return rows.map((r) => toVideo(r, tags.get(r.video_id) ?? []));
}

type VideoPage = { videos: Video[]; total: number };

/** A page everyone sees, with what each request needs ready: its ids and its bytes. */
type SharedPage = {
  page: VideoPage;
  /** The page's video ids, the per-viewer flags' cache key. */
  ids: number[];
  idsKey: string;
  /** The answer for a viewer with no flag on any of these videos (and for admins). */
  answer: PrecompressedBody;
  /**
   * Answers of viewers who have flags here, keyed by their flags as the viewer cache holds them:
   * a new flags value (after a write or a rebuild) or a new shared page (a new SharedPage) makes
   * a new answer, and answers go with the values they were built from.
   */
  withFlags: WeakMap<Map<number, repo.ViewerFlags>, PrecompressedBody>;
};

/**
 * A page of the library as the JSON answer (bytes, with compressed variants made once). Unless
 * it is filtered by the viewer's own favourites or completions, the page (videos, tags, play
 * counts, total) is the same for every customer and comes from the shared read cache; the
 * viewer's flags on its videos come from the per-viewer cache. Hot, a request reads nothing from
 * the database and serialises nothing: a viewer without flags on the page gets the shared bytes,
 * one with flags gets bytes built once per (page, flags) pair. Both caches are emptied by any
 * write through this instance (a favourite, a completion, a rating), so the viewer sees their
 * own change in their next list; others' changes show within a second plus one rebuild.
 */
export async function videoPage(
  db: Db,
  caches: VideoCaches,
  viewer: Viewer,
  filters: VideoFilters,
  page: number,
): Promise<PrecompressedBody> {
  const limits = { limit: VIDEOS_PAGE_SIZE, offset: (page - 1) * VIDEOS_PAGE_SIZE };
  if (filters.favorites !== undefined || filters.completed !== undefined) {
    const { rows, total } = await repo.listVideos(db, viewer, filters, limits);
    return serialized({ videos: await withTags(db, rows), total });
  }
  const shared = await caches.shared.get(`videos:${JSON.stringify([filters, page])}`, async () => {
    const { rows, total } = await repo.listVideos(db, { customerId: null }, filters, limits);
    return sharedPage({ videos: await withTags(db, rows), total });
  });
  const customerId = viewer.customerId;
  if (customerId === null) return shared.answer;
  const flags = await caches.viewers.get(`videos-flags:${customerId}:${shared.idsKey}`, () =>
    repo.viewerFlags(db, customerId, shared.ids),
  );
  if (flags.size === 0) return shared.answer;
  let answer = shared.withFlags.get(flags);
  if (!answer) {
    answer = serialized({
      total: shared.page.total,
      videos: shared.page.videos.map((video) => {
        const own = flags.get(video.video_id);
        return own ? { ...video, ...ownFlags(own) } : video;
      }),
    });
    shared.withFlags.set(flags, answer);
  }
  return answer;
}

function sharedPage(page: VideoPage): SharedPage {
  const ids = page.videos.map((v) => v.video_id);
  return { page, ids, idsKey: ids.join(","), answer: serialized(page), withFlags: new WeakMap() };
}

/**
 * The answer's JSON. Built from `Video` objects, whose keys are videoOut's in its order, so the
 * bytes are what the route's serializer wrote before (videos.test.ts checks the shape).
 */
function serialized(page: VideoPage): PrecompressedBody {
  return new PrecompressedBody(JSON.stringify(page));
}

function ownFlags(row: repo.ViewerFlags) {
  return {
    favorite: (row.favorite ? 1 : 0) as 0 | 1,
    completed: Boolean(row.completed),
    rating: row.rating ?? null,
  };
}

export async function listUpcoming(db: Db, viewer: Viewer) {
  return { videos: await withTags(db, await repo.listUpcomingVideos(db, viewer)) };
}

export async function getVideo(db: Db, viewer: Viewer, videoId: number): Promise<Video> {
  const row = await repo.findReleasedVideo(db, viewer, videoId);
  if (!row) throw notFound("videoNotFound", "VIDEO_NOT_FOUND");
  return (await withTags(db, [row]))[0]!;
}

export function filterOptions(db: Db) {
  return repo.filterOptions(db);
}

export async function setCompleted(db: Db, viewer: Viewer, videoId: number, completed: boolean) {
  const customerId = requireCustomer(viewer);
  await getVideo(db, viewer, videoId);
  if (completed) await repo.markCompleted(db, customerId, videoId);
  else await repo.unmarkCompleted(db, customerId, videoId);
  return {
    video: await getVideo(db, viewer, videoId),
    message: t(completed ? "videoCompleted" : "videoUncompleted"),
  };
}

/** Counts a view: at most one per customer, video and studio-local day. */
export async function recordPlayback(db: Db, viewer: Viewer, videoId: number, timezone: string) {
  const customerId = requireCustomer(viewer);
  await getVideo(db, viewer, videoId);
  const counted = await repo.recordPlayback(db, customerId, videoId, timezone);
  const video = await getVideo(db, viewer, videoId);
  return { counted, playbacks: video.playbacks };
}

export async function rateVideo(
  db: Db,
  viewer: Viewer,
  input: { video_id: number; rating: number; comment?: string | null },
) {
  const customerId = requireCustomer(viewer);
  await getVideo(db, viewer, input.video_id);
  const row = await repo.upsertRating(db, customerId, input.video_id, input.rating, input.comment ?? null);
  return {
    video_rating: {
      video_rating_id: row.video_rating_id,
      video_id: row.video_id,
      rating: row.rating,
      comment: row.comment,
    },
    message: t("videoRatingSaved"),
  };
}

/** Emails the signed-in person an invitation to rate a video (a link back to its player). */
export async function sendRatingEmail(
  db: Db,
  mailer: Mailer,
  viewer: Viewer,
  to: string,
  ctx: { videoId: number; publicUrl: string; config: AppConfig },
) {
  requireCustomer(viewer);
  const video = await getVideo(db, viewer, ctx.videoId);
  const email = await videoRatingEmail(brandOf(ctx.config, ctx.publicUrl), {
    video: { video_id: video.video_id, name: video.name },
  });
  await mailer.send({ to, template: "video-rating", ...email });
  return { message: t("videoRatingEmailSent") };
}

export async function listFavorites(db: Db, viewer: Viewer) {
  const customerId = requireCustomer(viewer);
  const favs = await repo.favoriteVideoIds(db, customerId);
  // The library filtered by favourites gives the same videos with their flags and tags.
  const { rows } = await repo.listVideos(db, viewer, { favorites: true }, { limit: 1000, offset: 0 });
  const byId = new Map((await withTags(db, rows)).map((v) => [v.video_id, v]));
  return {
    favorites: favs.flatMap((f) => {
      const video = byId.get(f.video_id);
      return video
        ? [
            {
              favorite_id: f.favorite_id,
              video_id: f.video_id,
              createdAt: f.createdAt.toISOString(),
              video,
            },
          ]
        : [];
    }),
  };
}

export async function addFavorite(db: Db, viewer: Viewer, videoId: number) {
  const customerId = requireCustomer(viewer);
  await getVideo(db, viewer, videoId);
  const row = await repo.addFavorite(db, customerId, videoId);
  return {
    favorite: { favorite_id: row.favorite_id, video_id: row.video_id, favorite: 1 as const },
    message: t("favoriteAdded"),
  };
}

/** `videoId` is the video's id (what the web knows); only the signed-in customer's row is touched. */
export async function removeFavorite(db: Db, viewer: Viewer, videoId: number) {
  const customerId = requireCustomer(viewer);
  await repo.removeFavorite(db, customerId, videoId);
  return { favorite: { video_id: videoId, favorite: 0 as const }, message: t("favoriteRemoved") };
}
