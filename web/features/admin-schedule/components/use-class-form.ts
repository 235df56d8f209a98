import { useEffect, useState } from "react";
import type { ChangeScope } from "../../../../domain/class-changes";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { type AdminClass, type ChangeImpact, fetchChangeImpact, useSaveClass } from "../api";
import { type ClassFormState, classBody, initialClassForm, notifies } from "./class-form-state";

/**
 * Filling in and saving a class: a change people are told about (or any change to a series, or
 * to the capacity) first asks with its preview; the server's field errors come back to the inputs.
 */
export function useClassForm({
  opened,
  klass,
  day,
  onClose,
}: {
  opened: boolean;
  klass: AdminClass | null;
  day: string | null;
  onClose: () => void;
}) {
  const { timezone } = useAppConfig();
  const [form, setForm] = useState<ClassFormState>(() => initialClassForm(klass, day, timezone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [scope, setScope] = useState<ChangeScope>("one");
  const [asking, setAsking] = useState<ChangeImpact | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (opened) {
      setForm(initialClassForm(klass, day, timezone));
      setErrors({});
      setScope("one");
      setAsking(null);
    }
  }, [opened, klass, day, timezone]);
  const save = useSaveClass();
  const set = <K extends keyof ClassFormState>(key: K, value: ClassFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const confirm = async () => {
    try {
      const res = await save.mutateAsync(classBody(form, klass, scope));
      notifySuccess(res.message);
      setAsking(null);
      onClose();
    } catch (error) {
      setAsking(null);
      if (isApiError(error) && error.fields) setErrors(error.fields);
      notifyError(error);
    }
  };

  /** A change people are told about first asks "Se avisará a N personas". */
  const submit = async () => {
    const before = klass ? initialClassForm(klass, null, timezone) : null;
    const capacityChanged = before !== null && String(before.capacity) !== String(form.capacity);
    // A series scope always shows its preview (decision 0100): classes, names, capacity conflicts.
    const seriesWide = Boolean(klass?.series_id) && scope !== "one";
    if (klass && before && (notifies(before, form) || seriesWide || capacityChanged)) {
      setChecking(true);
      try {
        const capacity = capacityChanged && form.capacity !== "" ? Number(form.capacity) : null;
        const impact = await fetchChangeImpact(klass.single_class_id, scope, capacity);
        if (impact.people > 0 || seriesWide || impact.capacity_conflicts.length > 0) {
          setAsking(impact);
          return;
        }
      } catch (error) {
        notifyError(error);
        return;
      } finally {
        setChecking(false);
      }
    }
    await confirm();
  };

  return {
    form,
    set,
    errors,
    scope,
    setScope,
    asking,
    stopAsking: () => setAsking(null),
    submit,
    confirm,
    saving: save.isPending,
    busy: save.isPending || checking,
    complete: Boolean(form.class_type_id && form.date && form.time),
  };
}

export type ClassForm = ReturnType<typeof useClassForm>;
