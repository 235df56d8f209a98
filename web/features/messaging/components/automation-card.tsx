import { Badge, Button, Card, Group, NumberInput, Stack, Switch, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { studioName } from "../../../../domain/app-config";
import { formatDate } from "../../../../domain/format";
import { renderTemplate } from "../../../../domain/messaging/templates";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { type AutomationRow, useSaveAutomation } from "../api";
import { messagingCopy as c } from "../copy";

/**
 * One automation (docs/product-rules.md#messaging-automations): what it does and when, how many
 * received it and came back within 7 days, and, for the owner (the only role the server lets
 * change them), its switch and its text.
 */
export function AutomationCard({ row }: { row: AutomationRow }) {
  const can = useStaffCan();
  const save = useSaveAutomation();
  const [editing, setEditing] = useState(false);
  const name = c.automationNames[row.automation];
  const mayEdit = can("editAutomation");

  function store(body: { enabled: boolean; text?: string | null; days?: number | null }, done?: () => void) {
    save.mutate(
      { automation: row.automation, body },
      {
        onSuccess: (d) => {
          notifySuccess(d.message);
          done?.();
        },
        onError: notifyError,
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <div>
            <Text fw={600}>{name}</Text>
            <Text size="sm" c="dimmed">
              {c.automationWhen[row.automation].replace("{days}", String(row.days ?? ""))}
            </Text>
          </div>
          {mayEdit ? (
            <Switch
              checked={row.enabled}
              disabled={save.isPending}
              onChange={(e) => store({ enabled: e.currentTarget.checked, text: row.text, days: row.days })}
              aria-label={c.switchLabel(name)}
              label={row.enabled ? c.on : c.off}
              labelPosition="left"
              size="md"
            />
          ) : (
            <Badge color={row.enabled ? "teal.9" : "gray.7"} variant="light" tt="none">
              {row.enabled ? c.on : c.off}
            </Badge>
          )}
        </Group>
        <Preview row={row} />
        <Text size="sm" fw={500}>
          {c.figures(row.received, row.converted, row.percent)}
        </Text>
        {mayEdit && !editing ? (
          <Button variant="light" size="xs" w="fit-content" onClick={() => setEditing(true)}>
            {c.edit}
          </Button>
        ) : null}
        {mayEdit && editing ? (
          <AutomationForm
            row={row}
            saving={save.isPending}
            onCancel={() => setEditing(false)}
            onSave={store}
          />
        ) : null}
      </Stack>
    </Card>
  );
}

/** The message as a customer gets it: the studio's name and an example customer in the placeholders. */
function Preview({ row }: { row: AutomationRow }) {
  const config = useAppConfig();
  const vars = {
    studio: studioName(config),
    name: c.sampleName,
    days: row.days ?? "",
    credits: c.sampleCredits,
    expires: formatDate(new Date(Date.now() + 3 * 86_400_000), config.timezone),
  };
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4}>
        {c.preview}
      </Text>
      <Text size="sm" bg="gray.0" p="sm" style={{ whiteSpace: "pre-line", borderRadius: 6 }}>
        {renderTemplate(row.text, vars, "marketing")}
      </Text>
    </div>
  );
}

function AutomationForm({
  row,
  saving,
  onCancel,
  onSave,
}: {
  row: AutomationRow;
  saving: boolean;
  onCancel: () => void;
  onSave: (body: { enabled: boolean; text: string | null; days: number | null }, done: () => void) => void;
}) {
  const [text, setText] = useState(row.text);
  const [days, setDays] = useState<number | string>(row.days ?? 30);
  const list = row.placeholders.map((p) => `{${p}}`).join(", ");
  return (
    <Stack gap="xs">
      <Textarea
        label={c.textLabel}
        description={c.placeholders(list)}
        autosize
        minRows={3}
        maxLength={600}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {row.days !== null ? (
        <NumberInput label={c.daysLabel} min={7} max={365} value={days} onChange={setDays} w={160} />
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          loading={saving}
          onClick={() =>
            onSave(
              {
                enabled: row.enabled,
                text: text.trim() === row.default_text ? null : text.trim(),
                days: row.days !== null ? Number(days) : null,
              },
              onCancel,
            )
          }
        >
          {c.save}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setText(row.default_text)}>
          {c.restore}
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          {c.cancel}
        </Button>
      </Group>
    </Stack>
  );
}
