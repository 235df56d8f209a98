import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type FormDraft, type StudioForm, useSaveForm } from "../api";
import { formsCopy } from "../copy";

const c = formsCopy.forms;

/** Create (no form given) or rename a form; closes itself after a successful save. */
export function FormModal({
  opened,
  form,
  onClose,
  onSaved,
}: {
  opened: boolean;
  form: StudioForm | null;
  onClose: () => void;
  onSaved?: (formId: number) => void;
}) {
  const [draft, setDraft] = useState<FormDraft>({ name: "", object: "customer" });
  const save = useSaveForm();
  useEffect(() => {
    if (opened)
      setDraft(
        form
          ? { form_id: form.form_id, name: form.name, object: form.object }
          : { name: "", object: "customer" },
      );
  }, [opened, form]);

  const submit = async () => {
    try {
      const res = await save.mutateAsync({ ...draft, name: draft.name.trim(), object: draft.object.trim() });
      notifySuccess(c.saved);
      onClose();
      onSaved?.(res.form.form_id);
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={form ? c.editForm : c.newForm} centered radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={c.name}
            required
            maxLength={200}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            data-autofocus
          />
          <TextInput
            label={c.object}
            description={c.objectHelp}
            required
            maxLength={60}
            value={draft.object}
            onChange={(e) => setDraft({ ...draft, object: e.currentTarget.value })}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {c.cancel}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!draft.name.trim() || !draft.object.trim()}
            >
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
