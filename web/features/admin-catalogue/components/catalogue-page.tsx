import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { AdminPage } from "../../../components/admin/page-frame";
import { useConfirmedDelete } from "../../../components/admin/use-confirmed-delete";
import { type Row, useList, useRemove } from "../api";
import { catalogueCopy } from "../copy";
import type { FieldDef } from "../fields";
import { CatalogueFormModal } from "./catalogue-form-modal";
import { useCatalogueEditor } from "./use-catalogue-editor";

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
  const editor = useCatalogueEditor(def);
  const open = editor.open;
  const remove = useRemove(def.path);
  const deletion = useConfirmedDelete<Row>({
    mutation: remove,
    idOf: (row) => Number(row[def.idKey]),
    deletedMessage: (answer) => (answer as { message?: string } | null)?.message ?? catalogueCopy.deleted,
  });

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
      <CatalogueFormModal def={def} editor={editor} />
      <ConfirmModal
        {...deletion.modal}
        title={catalogueCopy.confirmDeleteTitle}
        message={deletion.row ? catalogueCopy.confirmDelete(def.nameOf(deletion.row)) : ""}
        confirmLabel={catalogueCopy.delete}
      />
    </AdminPage>
  );
}
