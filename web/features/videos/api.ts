import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  favoriteAnswer,
  playbackAnswer,
  ratingAnswer,
  VideoFilterOptions,
  videoAnswer,
  videoFiltersAnswer,
  videoMarkedAnswer,
  videoPageAnswer,
} from "../../../domain/api/videos";
import { api, isApiError } from "../../lib/api-client";
import { videoKeys } from "./query-keys";

export const VIDEOS_PAGE_SIZE = 32;

export type { Video, VideoTag } from "../../../domain/api/videos";

export interface VideoFilters {
  query?: string;
  instructor_id?: number;
  class_type_id?: number;
  tags?: number[];
  favorites?: boolean;
  completed?: boolean;
  page: number;
}

export type FilterOptions = VideoFilterOptions;

/** 412 from the library: the customer has no online package or unlimited membership. */
export const isPurchaseRequired = (error: unknown) => isApiError(error, 412);

// A 412 or 404 will not change by retrying.
const retry = (count: number, error: unknown) =>
  !(isApiError(error, 412) || isApiError(error, 404) || isApiError(error, 401)) && count < 2;

export function useVideos(filters: VideoFilters) {
  return useQuery({
    queryKey: videoKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof videoPageAnswer>>("/videos", {
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
    queryKey: videoKeys.filters,
    queryFn: ({ signal }) => api.get<z.input<typeof videoFiltersAnswer>>("/videos/filters", { signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry,
  });
}

export function useVideo(videoId: number) {
  return useQuery({
    queryKey: videoKeys.one(videoId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof videoAnswer>>(`/videos/${videoId}`, { signal }).then((d) => d.video),
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
        client.invalidateQueries({ queryKey: videoKeys.one(videoId) }),
        client.invalidateQueries({ queryKey: videoKeys.lists }),
      ]);
    },
  });
}

export function useToggleFavorite(videoId: number) {
  return useVideoMutation(videoId, (favorite: boolean) =>
    favorite
      ? api.post<z.input<typeof favoriteAnswer>>("/favorites", { video_id: videoId })
      : api.delete<z.input<typeof favoriteAnswer>>(`/favorites/${videoId}`),
  );
}

export function useSetCompleted(videoId: number) {
  return useVideoMutation(videoId, (completed: boolean) =>
    api.put<z.input<typeof videoMarkedAnswer>>(`/videos/${videoId}/${completed ? "complete" : "uncomplete"}`),
  );
}

export function useRateVideo(videoId: number) {
  return useVideoMutation(videoId, (rating: number) =>
    api.post<z.input<typeof ratingAnswer>>("/videos/rating", { video_id: videoId, rating }),
  );
}

/** Counts a view when playback starts (the server keeps one per customer and day). */
export function recordPlayback(videoId: number) {
  return api.post<z.input<typeof playbackAnswer>>(`/videos/${videoId}/playback`);
}
