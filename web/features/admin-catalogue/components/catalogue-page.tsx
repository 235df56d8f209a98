import { ActionIcon, Button, Group, Modal, SimpleGrid, Stack, Tooltip } from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { useConfirmedDelete } from "../../../components/admin/use-confirmed-delete";
import { isApiError } from "../../../lib/api-client";
import { type Row, useList, useRemove, useSave } from "../api";
import { catalogueCopy } from "../copy";
import { type FieldDef, toBody, toValues } from "../fields";
import { FieldInput } from "./field-input";

/** Everything a catalogue screen needs to know about its data (see catalogues.tsx). */
export type CatalogueDef = {
  slug: string;
  title: string;
  /** "Nueva ubicación": the modal title when creating. */
  newTitle: string;
  list: { url: string; key: string };
  /** POST/PUT path; DELETE is `${path}/{id}`. */
  path: string;
  idKey: string;
  /** The row's display name (confirmations, modal title). */
  nameOf: (row: Row) => string;
  columns: AdminColumn<Row>[];
  fields: FieldDef[];
  defaults?: Row;
  /** Rows of the list lack some fields (video tags): read the full item before editing. */
  loadItem?: (id: number) => Promise<Row>;
  /** More buttons on each row (e.g. a package's home lists). */
  rowActions?: (row: Row) => ReactNode;
  /** Links or buttons beside "Nuevo". */
  headerActions?: ReactNode;
  canDelete?: boolean;
  modalSize?: string;
};

/**
 * The generic catalogue screen: a searchable, sortable, exportable table and a modal form.
 * Saving follows the API contract: no numeric id → POST, numeric id → PUT; the server's Spanish
 * message shows for 3 s and the modal closes. Deleting asks first; a 409 (in use) is shown as is.
 */
export function CataloguePage({ def }: { def: CatalogueDef }) {
  const list = useList(def.list.url, def.list.key);
  const save = useSave(def.path, def.idKey);
  const remove = useRemove(def.path);
  const [editing, setEditing] = useState<{ row: Row | null; values: Row } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const deletion = useConfirmedDelete<Row>({
    mutation: remove,
    idOf: (row) => Number(row[def.idKey]),
    deletedMessage: (answer) => (answer as { message?: string } | null)?.message ?? catalogueCopy.deleted,
  });

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

  const columns: AdminColumn<Row>[] = [
    ...def.columns,
    {
      key: "__actions",
      header: catalogueCopy.actions,
      csv: false,
      sortable: false,
      align: "right",
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {def.rowActions?.(row)}
          <Tooltip label={catalogueCopy.edit}>
            <ActionIcon
              variant="subtle"
              aria-label={`${catalogueCopy.edit} ${def.nameOf(row)}`}
              onClick={() => open(row)}
            >
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          {def.canDelete === false ? null : (
            <Tooltip label={catalogueCopy.delete}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${catalogueCopy.delete} ${def.nameOf(row)}`}
                onClick={() => deletion.ask(row)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  // Consecutive "half" fields share a row on wide screens; the rest take the full width.
  const groups: [FieldDef, ...FieldDef[]][] = [];
  const values = editing?.values ?? {};
  for (const f of def.fields.filter((f) => !f.shownWith || Boolean(values[f.shownWith]))) {
    const last = groups.at(-1);
    if (f.half && last?.[0].half) last.push(f);
    else groups.push([f]);
  }
  const field = (f: FieldDef) => (
    <FieldInput
      key={f.key}
      field={f}
      value={editing?.values[f.key]}
      error={errors[f.key]}
      onChange={(v) => setEditing((e) => (e ? { ...e, values: { ...e.values, [f.key]: v } } : e))}
    />
  );

  return (
    <AdminPage
      title={def.title}
      loading={list.isLoading}
      error={list.error}
      onRetry={() => list.refetch()}
      actions={
        <>
          {def.headerActions}
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
            {catalogueCopy.add}
          </Button>
        </>
      }
    >
      <AdminTable
        caption={def.title}
        columns={columns}
        rows={list.data ?? []}
        rowKey={(row) => Number(row[def.idKey])}
        exportFilename={def.slug}
        searchPlaceholder={catalogueCopy.search}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.row ? def.nameOf(editing.row) : def.newTitle}
        size={def.modalSize ?? "lg"}
        radius="md"
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            {groups.map((group) =>
              group[0].half ? (
                <SimpleGrid key={group[0].key} cols={{ base: 1, sm: 2 }} spacing="sm">
                  {group.map(field)}
                </SimpleGrid>
              ) : (
                field(group[0])
              ),
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setEditing(null)}>
                {catalogueCopy.cancel}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {catalogueCopy.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmModal
        {...deletion.modal}
        title={catalogueCopy.confirmDeleteTitle}
        message={deletion.row ? catalogueCopy.confirmDelete(def.nameOf(deletion.row)) : ""}
        confirmLabel={catalogueCopy.delete}
      />
    </AdminPage>
  );
}
