import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { WAIVER_ENFORCEMENT_LABEL } from "../../../../domain/waivers";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { HtmlField } from "../../admin-catalogue/public";
import { type AdminWaivers, useAdminWaivers, usePublishWaiver, useWaiverSignatures } from "../api";
import { waiversCopy as c } from "../copy";

function Signatures({ versionId }: { versionId: number }) {
  const { timezone } = useAppConfig();
  const list = useWaiverSignatures(versionId);
  if (!list.data) return null;
  if (list.data.length === 0) return <Text c="dimmed">{c.noSignatures}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label={c.seeSignatures}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.colCustomer}</Table.Th>
            <Table.Th>{c.colSigner}</Table.Th>
            <Table.Th>{c.colDate}</Table.Th>
            <Table.Th>{c.colIp}</Table.Th>
            <Table.Th>{c.colDesk}</Table.Th>
            <Table.Th>{c.pdf}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((s) => (
            <Table.Tr key={s.waiver_signature_id}>
              <Table.Td>{s.customer_name}</Table.Td>
              <Table.Td>{s.signer_name}</Table.Td>
              <Table.Td>{formatDateTime(s.signed_at, timezone)}</Table.Td>
              <Table.Td>{s.ip ?? "—"}</Table.Td>
              <Table.Td>{s.collected_by ?? "—"}</Table.Td>
              <Table.Td>
                <Anchor href={s.pdf_url} download>
                  {c.pdf}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Versions({ data }: { data: AdminWaivers }) {
  const { timezone } = useAppConfig();
  const [open, setOpen] = useState<number | null>(data.versions[0]?.waiver_version_id ?? null);
  if (data.versions.length === 0) return <Text c="dimmed">{c.noVersions}</Text>;
  return (
    <Stack gap="sm">
      {data.versions.map((v, i) => (
        <Card key={v.waiver_version_id} withBorder padding="sm">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>{c.version(v.version)}</Text>
              {i === 0 ? (
                <Badge color="teal.9" autoContrast>
                  {c.current}
                </Badge>
              ) : null}
              <Text size="sm" c="dimmed">
                {formatDateTime(v.published_at, timezone)} · {c.signatures(v.signatures)}
              </Text>
            </Group>
            <Button
              variant="subtle"
              size="sm"
              onClick={() => setOpen(open === v.waiver_version_id ? null : v.waiver_version_id)}
            >
              {c.seeSignatures}
            </Button>
          </Group>
          {open === v.waiver_version_id ? <Signatures versionId={v.waiver_version_id} /> : null}
        </Card>
      ))}
    </Stack>
  );
}

function PublishForm({ latest }: { latest: AdminWaivers["versions"][number] | undefined }) {
  const [title, setTitle] = useState(latest?.title ?? c.title);
  const [body, setBody] = useState(latest?.body_html ?? "");
  const publish = usePublishWaiver();
  const [confirming, setConfirming] = useState(false);
  const submit = () => setConfirming(true);
  return (
    <Card withBorder padding="md">
      <Stack>
        <TextInput
          label={c.titleLabel}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          required
        />
        <HtmlField label={c.bodyLabel} value={body} onChange={setBody} />
        <Group justify="flex-end">
          <Button onClick={submit} loading={publish.isPending} disabled={!title.trim() || !body.trim()}>
            {c.publish}
          </Button>
        </Group>
        <ConfirmModal
          opened={confirming}
          title={c.publish}
          message={c.confirmPublish}
          confirmLabel={c.publish}
          color="blue"
          loading={publish.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            publish
              .mutateAsync({ title, body_html: body })
              .then((r) => notifySuccess(r.message))
              .catch(notifyError)
              .finally(() => setConfirming(false))
          }
        />
      </Stack>
    </Card>
  );
}

/** /admin/carta-responsiva: write and publish versions; who signed each; the PDFs. */
export function AdminWaiversPage() {
  const can = useStaffCan();
  const waivers = useAdminWaivers();
  return (
    <AdminPage
      title={c.title}
      loading={waivers.isPending}
      error={waivers.error}
      onRetry={() => waivers.refetch()}
    >
      {waivers.data ? (
        <Stack>
          <Text>{c.adminIntro}</Text>
          <Text size="sm">
            {c.enforcement}: <strong>{WAIVER_ENFORCEMENT_LABEL[waivers.data.enforcement]}</strong>.{" "}
            {c.enforcementHelp}
          </Text>
          {can("publishWaiver") ? (
            <PublishForm key={waivers.data.versions.length} latest={waivers.data.versions[0]} />
          ) : null}
          <Text fw={600} component="h2">
            {c.versions}
          </Text>
          <Versions data={waivers.data} />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
