import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import type { FieldValues, FormField } from "../../../../domain/forms";
import {
  DynamicFields,
  isPendingFile,
  validateClient,
} from "../../../components/dynamic-form/dynamic-fields";
import { isApiError } from "../../../lib/api-client";
import { useFieldErrors } from "../../../lib/field-errors";
import { uploadFile, useSaveFieldValues } from "../api";
import { customersCopy as c } from "../copy";

/**
 * The configured profile form (docs/product-rules.md#forms): check pending fields, then upload the
 * picked files, then save; a failed check names the one field or says several are missing.
 */
export function ExtraFieldsCard({ fields, values: initial }: { fields: FormField[]; values: FieldValues }) {
  const [values, setValues] = useState<FieldValues>(initial);
  const { ref, errors, show, showApi, clear } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const save = useSaveFieldValues();
  useEffect(() => setValues(initial), [initial]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const problems = validateClient(fields, values);
    show(problems?.fields ?? {});
    if (problems) {
      notifications.show({ color: "red", message: problems.message });
      return;
    }
    setBusy(true);
    try {
      const ready: FieldValues = { ...values };
      for (const field of fields) {
        const v = values[field.key];
        if (!isPendingFile(v)) continue;
        const kind = field.type === "image" ? "image" : "file";
        const ids = await Promise.all((Array.isArray(v) ? v : [v]).map((f) => uploadFile(f, kind)));
        ready[field.key] = Array.isArray(v) ? ids : ids[0];
      }
      await save.mutateAsync(ready);
      notifications.show({ color: "green", message: c.saved, autoClose: 3000 });
    } catch (error) {
      showApi(error);
      notifications.show({ color: "red", message: isApiError(error) ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  if (fields.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {c.moreTitle}
          </Title>
          <DynamicFields
            fields={fields}
            values={values}
            errors={errors}
            onChange={(next) => {
              for (const key of Object.keys(next)) if (next[key] !== values[key]) clear(key);
              setValues(next);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
