import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  anyCatalogueSaved,
  catalogueItem,
  catalogueListAnswer,
} from "../../../domain/api/admin-catalogue";
import type { uploadedAnswer } from "../../../domain/api/files";
import type { messageAnswer } from "../../../domain/api/wire";
import { api } from "../../lib/api-client";
import { catalogueKeys } from "./query-keys";

/** A catalogue row as the server answers it (each catalogue has its own columns). */
export type Row = z.input<typeof catalogueItem>;

/** Any list the back office reads: `GET url` answering `{ [key]: rows }`. */
export function useList(url: string, key: string, enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.list(url),
    queryFn: async () => (await api.get<z.input<ReturnType<typeof catalogueListAnswer>>>(url))[key] ?? [],
    enabled,
  });
}

type Saved = z.input<typeof anyCatalogueSaved>;

/**
 * The contract's save semantics: a row without a numeric id is created (POST), one with it is
 * updated (PUT with the id in the body). Every list under "admin-catalogue" is refreshed.
 */
export function useSave(path: string, idKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Row) => {
      const id = values[idKey];
      if (typeof id === "number" && Number.isInteger(id)) return api.put<Saved>(path, values);
      const { [idKey]: _new, ...rest } = values;
      return api.post<Saved>(path, rest);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

export function useRemove(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<z.input<typeof messageAnswer>>(`${path}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/** Any other admin call on a catalogue (home lists, app config) that refreshes the lists after. */
export function useCatalogueAction<I>(fn: (input: I) => Promise<{ message?: string } | unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/** An uploaded image: its file id (coach photos keep it) and the address the site shows it at. */
export type UploadedImage = Pick<z.input<typeof uploadedAnswer>["file"], "file_id" | "src">;

/**
 * POST /api/files as an image: the server refuses anything that is not one (415) or is too large
 * (413), in Spanish. "kind" goes before the file: the server only sees fields sent before it.
 */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append("kind", "image");
  body.append("file", file);
  const res = await api.post<z.input<typeof uploadedAnswer>>("/files", body);
  return { file_id: res.file_id, src: res.file.src };
}
