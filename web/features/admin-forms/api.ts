import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { filesAnswer, studioFile, uploadedAnswer } from "../../../domain/api/files";
import type {
  customFieldOut,
  formsAnswer,
  savedFieldAnswer,
  savedFormAnswer,
  studioForm,
} from "../../../domain/api/forms";
import type { FieldType } from "../../../domain/forms";
import { api } from "../../lib/api-client";
import { adminFormKeys } from "./query-keys";

/** A custom field as GET /api/forms and /api/custom_fields answer it. */
export type CustomField = z.input<typeof customFieldOut>;
export type StudioForm = z.input<typeof studioForm>;

/**
 * What the field editor sends: no id creates (POST), a numeric id updates (PUT), as the contract
 * says.
 */
export type FieldDraft = {
  custom_field_id?: number;
  form_id: number;
  key: string;
  name?: string;
  label: string;
  type: FieldType;
  required: boolean;
  options: string | null;
  step: number;
  order: number;
  precondition: string | null;
  object: string;
};
export type FormDraft = { form_id?: number; name: string; object: string };

export type StudioFile = z.input<typeof studioFile>;

export function useForms() {
  return useQuery({
    queryKey: adminFormKeys.forms,
    queryFn: async () => (await api.get<z.input<typeof formsAnswer>>("/forms")).forms,
  });
}

/** Every write refreshes the forms (their fields ride along) once it has landed. */
function useFormsMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: adminFormKeys.forms }),
  });
}

export function useSaveForm() {
  return useFormsMutation(async ({ form_id, ...values }: FormDraft) =>
    form_id
      ? api.put<z.input<typeof savedFormAnswer>>("/forms", { form_id, ...values })
      : api.post<z.input<typeof savedFormAnswer>>("/forms", values),
  );
}

export function useDeleteForm() {
  return useFormsMutation((formId: number) => api.delete(`/forms/${formId}`));
}

export function useSaveField() {
  return useFormsMutation(async ({ custom_field_id, ...values }: FieldDraft) =>
    custom_field_id
      ? api.put<z.input<typeof savedFieldAnswer>>("/custom_fields", { custom_field_id, ...values })
      : api.post<z.input<typeof savedFieldAnswer>>("/custom_fields", values),
  );
}

export function useDeleteField() {
  return useFormsMutation((fieldId: number) => api.delete(`/custom_fields/${fieldId}`));
}

/** Every upload of the studio: GET /api/files answers all of them to an admin. */
export function useFiles() {
  return useQuery({
    queryKey: adminFormKeys.files,
    queryFn: async () => (await api.get<z.input<typeof filesAnswer>>("/files")).files,
  });
}

function useFilesMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: adminFormKeys.files }),
  });
}

/** Multipart, like the catalogue's image field, but without kind=image: PDFs are welcome here. */
export function useUploadFile() {
  return useFilesMutation(async (file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<z.input<typeof uploadedAnswer>>("/files", body);
  });
}

export function useDeleteFile() {
  return useFilesMutation((fileId: number) => api.delete(`/files/${fileId}`));
}
