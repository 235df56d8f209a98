import { Anchor, Button, Group, Text } from "@mantine/core";
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { AdminPage } from "../../../components/admin/page-frame";
import { useConfirmedDelete } from "../../../components/admin/use-confirmed-delete";
import { type StudioForm, useDeleteForm, useForms } from "../api";
import { FieldsEditor } from "../components/fields-editor";
import { FormModal } from "../components/form-modal";
import { RowActions } from "../components/row-actions";
import { formsCopy } from "../copy";

const c = formsCopy.forms;
/** The open form lives in the address (?formulario=ID) so it survives a reload and can be shared. */
const PARAM = "formulario";

/** /admin/formularios: the studio's forms; one of them open shows its fields and a live preview. */
export function FormsPage() {
  const forms = useForms();
  const remove = useDeleteForm();
  const [params, setParams] = useSearchParams();
  // undefined: closed; null: a new form; a form: renaming it.
  const [editing, setEditing] = useState<StudioForm | null | undefined>(undefined);

  const openId = Number(params.get(PARAM)) || null;
  const open = openId ? (forms.data?.find((f) => f.form_id === openId) ?? null) : null;
  const openForm = (formId: number | null) => setParams(formId ? { [PARAM]: String(formId) } : {});

  const deletion = useConfirmedDelete<StudioForm>({
    mutation: remove,
    idOf: (f) => f.form_id,
    deletedMessage: c.deleted,
    onDeleted: (f) => {
      if (f.form_id === openId) openForm(null);
    },
  });

  const columns: AdminColumn<StudioForm>[] = [
    {
      key: "name",
      header: c.name,
      value: (f) => f.name,
      render: (f) => (
        <Anchor
          component={Link}
          to={`?${PARAM}=${f.form_id}`}
          fw={600}
          size="sm"
          aria-label={c.openOf(f.name)}
          onClick={(e) => e.stopPropagation()}
        >
          {f.name}
        </Anchor>
      ),
    },
    { key: "object", header: c.object, value: (f) => f.object },
    { key: "fields", header: c.fieldCount, value: (f) => f.form_fields.length, align: "right", width: 100 },
    {
      key: "actions",
      header: formsCopy.actions,
      csv: false,
      sortable: false,
      align: "right",
      render: (f) => (
        <RowActions name={f.name} onEdit={() => setEditing(f)} onDelete={() => deletion.ask(f)} />
      ),
    },
  ];

  const missing = openId !== null && forms.isSuccess && !open;

  return (
    <AdminPage
      title={open ? open.name : c.title}
      loading={forms.isPending}
      error={forms.error}
      onRetry={() => void forms.refetch()}
      above={
        openId ? (
          <Anchor component={Link} to="/admin/formularios" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={16} aria-hidden />
              {c.back}
            </Group>
          </Anchor>
        ) : null
      }
      actions={
        open ? (
          <>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(open)}
            >
              {c.editForm}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => deletion.ask(open)}
            >
              {c.delete}
            </Button>
          </>
        ) : openId ? null : (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
            {c.newForm}
          </Button>
        )
      }
    >
      {open ? (
        <FieldsEditor form={open} />
      ) : missing ? (
        <Text c="dimmed">{c.notFound}</Text>
      ) : (
        <AdminTable
          caption={c.caption}
          columns={columns}
          rows={forms.data ?? []}
          rowKey={(f) => f.form_id}
          emptyText={c.empty}
          onRowClick={(f) => openForm(f.form_id)}
          minWidth={520}
        />
      )}
      <FormModal
        opened={editing !== undefined}
        form={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(formId) => {
          if (editing === null) openForm(formId);
        }}
      />
      <ConfirmModal
        {...deletion.modal}
        title={c.deleteTitle}
        message={deletion.row ? c.deleteMessage(deletion.row.name) : ""}
        confirmLabel={c.delete}
      />
    </AdminPage>
  );
}
