import { useQuery } from "@tanstack/react-query";
import { api, isApiError } from "../../lib/api-client";

export interface ContentPage {
  page_id: number;
  title: string;
  slug: string;
  content: string | null;
  required?: boolean;
}

/** Content pages for the footer; a failing endpoint yields an empty list (the footer still renders). */
export function usePages() {
  return useQuery({
    queryKey: ["pages"],
    queryFn: async ({ signal }): Promise<ContentPage[]> => {
      try {
        const data = await api.get<{ pages?: ContentPage[] }>("/pages", { signal });
        return Array.isArray(data?.pages) ? data.pages : [];
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** One content page by slug; `null` when the server answers 404. */
export function usePage(slug: string) {
  return useQuery({
    queryKey: ["pages", slug],
    queryFn: async ({ signal }): Promise<ContentPage | null> => {
      try {
        const data = await api.get<{ page?: ContentPage }>(`/pages/${encodeURIComponent(slug)}`, { signal });
        return data?.page ?? null;
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    retry: (count, error) => !isApiError(error) || (error.status >= 500 && count < 1),
  });
}
