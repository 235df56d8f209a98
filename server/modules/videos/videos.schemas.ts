import type { z } from "zod";
import type { videoListQuery } from "../../../domain/api/videos";
import type { VideoFilters } from "./videos.repository";

// The videos API's schemas live in domain/api/videos.ts; what is left here is the server's own:
// the list's query as the handler reads it, turned into the repository's filters.
export type ListQuery = z.infer<typeof videoListQuery>;

const ids = (value: string | string[] | undefined): number[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : value.split(",")).map(Number);
const bool = (value: string | undefined) =>
  value === undefined ? undefined : value === "true" || value === "1";

export function toFilters(q: Omit<ListQuery, "page">): VideoFilters {
  const tags = [...new Set([...ids(q.tags), ...ids(q.tag_id)])];
  return {
    query: q.query,
    instructor_id: q.instructor_id,
    class_category_id: q.class_category_id,
    class_type_id: q.class_type_id,
    video_type_id: q.video_type_id,
    program_id: q.program_id,
    tags: tags.length ? tags : undefined,
    favorites: bool(q.favorites),
    completed: bool(q.completed),
    duration: q.duration,
  };
}
