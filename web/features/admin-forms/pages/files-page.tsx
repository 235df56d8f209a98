import { ActionIcon, Button, FileButton, Group, Text, Tooltip } from "@mantine/core";
import { IconDownload, IconUpload } from "@tabler/icons-react";
import { formatDate, formatTime } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { useConfirmedDelete } from "../../../components/admin/use-confirmed-delete";
import { useAppConfig } from "../../../lib/app-config";
import { type StudioFile, useDeleteFile, useFiles, useUploadFile } from "../api";
import { FileThumb, formatBytes } from "../components/file-thumb";
import { RowActions } from "../components/row-actions";
import { formsCopy } from "../copy";

const c = formsCopy.files;
/** What files.service stores (sniffed on the server; the picker only narrows the dialog). */
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif,image/avif,application/pdf";

/** /admin/archivos: every upload of the studio, newest first; upload one, download or delete it. */
export function FilesPage() {
  const files = useFiles();
  const upload = useUploadFile();
  const remove = useDeleteFile();
  const zone = useAppConfig().timezone;
  const deletion = useConfirmedDelete<StudioFile>({
    mutation: remove,
    idOf: (f) => f.file_id,
    deletedMessage: c.deleted,
  });

  const send = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      notifySuccess(c.uploaded);
    } catch (e) {
      notifyError(e);
    }
  };

  const columns: AdminColumn<StudioFile>[] = [
    {
      key: "preview",
      header: c.preview,
      csv: false,
      sortable: false,
      width: 72,
      render: (f) => <FileThumb file={f} />,
    },
    {
      key: "name",
      header: c.name,
      value: (f) => f.name,
      render: (f) => (
        <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
          {f.name}
        </Text>
      ),
    },
    { key: "type", header: c.type, value: (f) => f.type ?? "" },
    {
      key: "size",
      header: c.size,
      value: (f) => f.size ?? null,
      render: (f) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {formatBytes(f.size)}
        </Text>
      ),
      align: "right",
    },
    {
      key: "date",
      header: c.date,
      value: (f) => f.createdAt,
      render: (f) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {formatDate(f.createdAt, zone)}
          <Text span size="xs" c="dimmed" display="block">
            {formatTime(f.createdAt, zone)}
          </Text>
        </Text>
      ),
    },
    {
      key: "actions",
      header: formsCopy.actions,
      csv: false,
      sortable: false,
      align: "right",
      render: (f) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={c.download}>
            <ActionIcon
              component="a"
              href={f.src}
              download={f.name}
              variant="subtle"
              aria-label={c.downloadOf(f.name)}
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <RowActions name={f.name} onDelete={() => deletion.ask(f)} />
        </Group>
      ),
    },
  ];

  return (
    <AdminPage
      title={c.title}
      loading={files.isPending}
      error={files.error}
      onRetry={() => void files.refetch()}
      actions={
        <FileButton onChange={send} accept={ACCEPT}>
          {(props) => (
            <Button {...props} loading={upload.isPending} leftSection={<IconUpload size={16} aria-hidden />}>
              {c.upload}
            </Button>
          )}
        </FileButton>
      }
    >
      <Text size="sm" c="dimmed" mt={-8}>
        {c.uploadHelp}
      </Text>
      <AdminTable
        caption={c.caption}
        columns={columns}
        rows={files.data ?? []}
        rowKey={(f) => f.file_id}
        emptyText={c.empty}
        initialState={{ sort: { key: "date", desc: true } }}
        minWidth={760}
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
