import type { VideoFilters } from "./api";

const all = ["videos"] as const;

/** Query keys of the video library, from one factory (docs/decisions/0133); values unchanged. */
export const videoKeys = {
  all,
  /** Every page of every search: a favourite or a completed video changes them. */
  lists: [...all, "list"] as const,
  list: (filters: VideoFilters) => [...all, "list", filters] as const,
  filters: [...all, "filters"] as const,
  one: (videoId: number) => [...all, "one", videoId] as const,
};
