import { Badge, Button, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { mailTemplateLabel } from "../../../../domain/mail-templates";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { type OutboxEmail, useOutbox } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.outbox;

const STATUS_LABELS: Record<string, string> = { queued: "En cola", sent: "Enviado", failed: "Falló" };

/** /admin/correos: the emails the app wrote (latest 200), with a sandboxed preview. */
export function OutboxPage() {
  const config = useAppConfig();
  const { data, isLoading, error, refetch } = useOutbox();
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  const columns: AdminColumn<OutboxEmail>[] = [
    {
      key: "createdAt",
      header: c.date,
      value: (e) => e.createdAt,
      render: (e) => formatDateTime(e.createdAt, config.timezone),
    },
    { key: "to", header: c.to, value: (e) => e.to },
    { key: "subject", header: c.subject, value: (e) => e.subject },
    { key: "template", header: c.template, value: (e) => mailTemplateLabel(e.template) },
    {
      key: "status",
      header: c.status,
      value: (e) => STATUS_LABELS[e.status] ?? e.status,
      render: (e) => {
        const color = e.status === "sent" ? "green" : e.status === "failed" ? "red" : "gray";
        return (
          <Badge variant="light" color={color} c={`${color}.9`} tt="none">
            {STATUS_LABELS[e.status] ?? e.status}
          </Badge>
        );
      },
    },
    {
      key: "view",
      header: "",
      csv: false,
      sortable: false,
      render: (e) => (
        <Button size="compact-sm" variant="subtle" onClick={() => setOpen(e)}>
          {c.view}
        </Button>
      ),
    },
  ];
  return (
    <AdminPage title={c.title} loading={isLoading} error={error} onRetry={() => void refetch()}>
      <AdminTable
        caption={c.title}
        exportFilename="correos"
        columns={columns}
        rows={data?.emails ?? []}
        rowKey={(e) => e.email_outbox_id}
        initialState={{ sort: { key: "createdAt", desc: true } }}
        minWidth={760}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="lg" centered>
        {open ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {c.to}: {open.to}
            </Text>
            {open.html ? (
              // A sandboxed frame: the email's HTML never runs script or touches this page.
              <iframe
                title={c.preview}
                sandbox=""
                srcDoc={open.html}
                style={{
                  width: "100%",
                  height: 420,
                  border: "1px solid var(--mantine-color-gray-3)",
                  borderRadius: 8,
                }}
              />
            ) : (
              <Text style={{ whiteSpace: "pre-wrap" }}>{open.text}</Text>
            )}
          </Stack>
        ) : null}
      </Modal>
    </AdminPage>
  );
}
