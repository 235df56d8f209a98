import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "../../lib/api-client";

export const VIDEOS_PAGE_SIZE = 32;

export interface VideoTag {
  tag_id: number;
  name: string;
  color: string | null;
}

export interface Video {
  video_id: number;
  url: string | null;
  host: "local" | "vimeo" | "youtube" | string;
  /** Playable address of a self-hosted file. */
  file: string | null;
  /** iframe address for Vimeo / YouTube. */
  embed_url: string | null;
  name: string;
  description: string | null;
  thumbnail: string | null;
  /** Seconds. */
  duration: number;
  instructor: { instructor_id: number; name: string; last_name: string | null } | null;
  class_type: { class_type_id: number; name: string } | null;
  tags: VideoTag[];
  favorite: 0 | 1;
  completed: boolean;
  rating: number | null;
  playbacks: number;
}

export interface VideoFilters {
  query?: string;
  instructor_id?: number;
  class_type_id?: number;
  tags?: number[];
  favorites?: boolean;
  completed?: boolean;
  page: number;
}

export interface FilterOptions {
  instructors: { instructor_id: number; name: string; last_name: string | null }[];
  class_types: { class_type_id: number; name: string }[];
  tags: VideoTag[];
}

/** 412 from the library: the customer has no online package or unlimited membership. */
export const isPurchaseRequired = (error: unknown) => isApiError(error, 412);

// A 412 or 404 will not change by retrying.
const retry = (count: number, error: unknown) =>
  !(isApiError(error, 412) || isApiError(error, 404) || isApiError(error, 401)) && count < 2;

export function useVideos(filters: VideoFilters) {
  return useQuery({
    queryKey: ["videos", "list", filters],
    queryFn: ({ signal }) =>
      api.get<{ videos: Video[]; total: number }>("/videos", {
        signal,
        query: {
          query: filters.query,
          instructor_id: filters.instructor_id,
          class_type_id: filters.class_type_id,
          tags: filters.tags,
          favorites: filters.favorites ? "true" : undefined,
          completed: filters.completed ? "true" : undefined,
          page: filters.page,
        },
      }),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useVideoFilterOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["videos", "filters"],
    queryFn: ({ signal }) => api.get<FilterOptions>("/videos/filters", { signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry,
  });
}

export function useVideo(videoId: number) {
  return useQuery({
    queryKey: ["videos", "one", videoId],
    queryFn: ({ signal }) => api.get<{ video: Video }>(`/videos/${videoId}`, { signal }).then((d) => d.video),
    enabled: Number.isInteger(videoId) && videoId > 0,
    retry,
  });
}

/** Writes on one video; each refreshes that video and the lists (flags and counts change). */
function useVideoMutation<TArgs>(videoId: number, run: (args: TArgs) => Promise<{ message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ["videos", "one", videoId] }),
        client.invalidateQueries({ queryKey: ["videos", "list"] }),
      ]);
    },
  });
}

export function useToggleFavorite(videoId: number) {
  return useVideoMutation(videoId, (favorite: boolean) =>
    favorite
      ? api.post<{ message: string }>("/favorites", { video_id: videoId })
      : api.delete<{ message: string }>(`/favorites/${videoId}`),
  );
}

export function useSetCompleted(videoId: number) {
  return useVideoMutation(videoId, (completed: boolean) =>
    api.put<{ message: string }>(`/videos/${videoId}/${completed ? "complete" : "uncomplete"}`),
  );
}

export function useRateVideo(videoId: number) {
  return useVideoMutation(videoId, (rating: number) =>
    api.post<{ message: string }>("/videos/rating", { video_id: videoId, rating }),
  );
}

/** Counts a view when playback starts (the server keeps one per customer and day). */
export function recordPlayback(videoId: number) {
  return api.post<{ counted: boolean; playbacks: number }>(`/videos/${videoId}/playback`);
}
