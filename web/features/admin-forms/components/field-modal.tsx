import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { FIELD_TYPES, type FieldType } from "../../../../domain/forms";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { isApiError } from "../../../lib/api-client";
import { type CustomField, type StudioForm, useSaveField } from "../api";
import { formsCopy } from "../copy";
import { blank, type Editing, fromField, localErrors, OPTION_TYPES, savedField } from "./field-draft";

const c = formsCopy.fields;

const TYPE_OPTIONS = FIELD_TYPES.map((type) => ({ value: type, label: formsCopy.types[type] }));

/** Create (field null) or edit one custom field of a form; closes itself after saving. */
export function FieldModal({
  opened,
  form,
  field,
  onClose,
}: {
  opened: boolean;
  form: StudioForm;
  field: CustomField | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Editing>(() => blank(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveField();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    setDraft(field ? fromField(field, form) : blank(form));
    setErrors({});
  }, [opened, field]);

  const set = <K extends keyof Editing>(key: K, value: Editing[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const hasOptions = OPTION_TYPES.includes(draft.type);

  const submit = async () => {
    const found = localErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(savedField(draft));
      notifySuccess(c.saved);
      onClose();
    } catch (e) {
      if (isApiError(e) && e.fields) setErrors(e.fields);
      notifyError(e);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={field ? c.editField : c.newField}
      centered
      radius="md"
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label={c.label}
            description={c.labelHelp}
            required
            maxLength={300}
            value={draft.label}
            error={errors.label}
            onChange={(e) => set("label", e.currentTarget.value)}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={c.key}
              description={c.keyHelp}
              required
              maxLength={60}
              value={draft.key}
              error={errors.key}
              onChange={(e) => set("key", e.currentTarget.value)}
            />
            <TextInput
              label={c.name}
              description={c.nameHelp}
              maxLength={100}
              value={draft.name}
              error={errors.name}
              onChange={(e) => set("name", e.currentTarget.value)}
            />
          </SimpleGrid>
          <Select
            label={c.type}
            required
            data={TYPE_OPTIONS}
            value={draft.type}
            allowDeselect={false}
            onChange={(v) => v && set("type", v as FieldType)}
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={320}
          />
          {hasOptions ? (
            <TextInput
              label={c.options}
              description={c.optionsHelp}
              required={draft.type === "select"}
              maxLength={2000}
              value={draft.options}
              error={errors.options}
              onChange={(e) => set("options", e.currentTarget.value)}
            />
          ) : null}
          <Switch
            label={c.required}
            checked={draft.required}
            onChange={(e) => set("required", e.currentTarget.checked)}
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label={c.step}
              min={1}
              allowDecimal={false}
              value={draft.step}
              error={errors.step}
              onChange={(v) => set("step", typeof v === "number" ? v : 1)}
            />
            <NumberInput
              label={c.order}
              allowDecimal={false}
              value={draft.order}
              error={errors.order}
              onChange={(v) => set("order", typeof v === "number" ? v : 0)}
            />
          </SimpleGrid>
          <TextInput
            label={c.precondition}
            description={c.preconditionHelp}
            maxLength={200}
            value={draft.precondition}
            error={errors.precondition}
            onChange={(e) => set("precondition", e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {formsCopy.forms.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {formsCopy.forms.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
