import { Badge, Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { fieldOptions } from "../../../../domain/forms";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { useConfirmedDelete } from "../../../components/admin/use-confirmed-delete";
import { type CustomField, type StudioForm, useDeleteField } from "../api";
import { formsCopy } from "../copy";
import { FieldModal } from "./field-modal";
import { FormPreview } from "./form-preview";
import { RowActions } from "./row-actions";

const c = formsCopy.fields;

/** One form's fields (in the server's step, then order) beside the customer's view of them. */
export function FieldsEditor({ form }: { form: StudioForm }) {
  // undefined: closed; null: a new field; a field: editing it.
  const [editing, setEditing] = useState<CustomField | null | undefined>(undefined);
  const remove = useDeleteField();
  const deletion = useConfirmedDelete<CustomField>({
    mutation: remove,
    idOf: (f) => f.custom_field_id,
    deletedMessage: c.deleted,
  });

  const columns: AdminColumn<CustomField>[] = [
    { key: "step", header: c.step, value: (f) => f.step, width: 60, align: "center" },
    { key: "order", header: c.order, value: (f) => f.order, width: 60, align: "center" },
    {
      key: "label",
      header: c.label,
      value: (f) => f.label,
      // The key and "required" ride under the label so the table fits beside the preview.
      render: (f) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={600}>
            {f.label}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed" ff="monospace">
              {f.key}
            </Text>
            {f.required ? (
              <Badge size="xs" variant="light" tt="none">
                {c.required}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      ),
    },
    {
      key: "type",
      header: c.type,
      value: (f) => formsCopy.types[f.type],
      render: (f) => (
        <Stack gap={2}>
          <Text size="sm">{formsCopy.types[f.type]}</Text>
          {fieldOptions(f).length ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {fieldOptions(f).join(", ")}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: "precondition", header: c.precondition, value: (f) => f.precondition ?? "" },
    {
      key: "actions",
      header: formsCopy.actions,
      csv: false,
      sortable: false,
      align: "right",
      render: (f) => (
        <RowActions name={f.label} onEdit={() => setEditing(f)} onDelete={() => deletion.ask(f)} />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} fz="xl">
          {c.title(form.name)}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {c.newField}
        </Button>
      </Group>
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <AdminTable
            caption={c.caption}
            exportFilename={`campos-${form.name}`}
            columns={columns}
            rows={form.form_fields}
            rowKey={(f) => f.custom_field_id}
            emptyText={c.empty}
            onRowClick={(f) => setEditing(f)}
            minWidth={560}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <FormPreview fields={form.form_fields} />
        </Grid.Col>
      </Grid>
      <FieldModal
        opened={editing !== undefined}
        form={form}
        field={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmModal
        {...deletion.modal}
        title={formsCopy.forms.deleteTitle}
        message={deletion.row ? c.deleteMessage(deletion.row.label) : ""}
        confirmLabel={formsCopy.forms.delete}
      />
    </Stack>
  );
}
