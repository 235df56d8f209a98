import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { isApiError } from "../../../lib/api-client";
import { type Row, useSave } from "../api";
import { catalogueCopy } from "../copy";
import { toBody, toValues } from "../fields";
import type { CatalogueDef } from "./catalogue-page";

/**
 * The row being edited (or a new one) and saving it: no numeric id → POST, numeric id → PUT; the
 * server's Spanish message shows and the modal closes, or its field errors come back to the inputs.
 */
export function useCatalogueEditor(def: CatalogueDef) {
  const save = useSave(def.path, def.idKey);
  const [editing, setEditing] = useState<{ row: Row | null; values: Row } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** A row whose list lacks fields (video tags) is read in full first. */
  const open = async (row: Row | null) => {
    setErrors({});
    try {
      const full = row && def.loadItem ? await def.loadItem(Number(row[def.idKey])) : row;
      setEditing({ row: full, values: toValues(def.fields, full, def.defaults) });
    } catch (error) {
      notifyError(error);
    }
  };
  const submit = async () => {
    if (!editing) return;
    const body = {
      ...toBody(def.fields, editing.values),
      [def.idKey]: editing.row ? editing.row[def.idKey] : "nueva",
    };
    try {
      const res = await save.mutateAsync(body);
      notifySuccess(res.message ?? catalogueCopy.saved);
      setEditing(null);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      notifyError(error);
    }
  };

  return {
    editing,
    errors,
    open,
    submit,
    close: () => setEditing(null),
    setValue: (key: string, value: unknown) =>
      setEditing((e) => (e ? { ...e, values: { ...e.values, [key]: value } } : e)),
    saving: save.isPending,
  };
}

export type CatalogueEditor = ReturnType<typeof useCatalogueEditor>;
