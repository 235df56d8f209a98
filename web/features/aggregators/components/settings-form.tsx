import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { ApiError } from "../../../lib/api-client";
import { useClassTypes } from "../../calendar/public";
import { type AggregatorSettings, useSaveAggregator } from "../api";
import { aggregatorsCopy as c } from "../copy";

/**
 * One aggregator's settings (owner and manager): on or off, the studio's id, key and webhook
 * secret there (write-only: an empty field keeps what is stored), the class types offered, the
 * seats per class and the rate per validated visit.
 */
export function AggregatorSettingsForm({ settings }: { settings: AggregatorSettings }) {
  const save = useSaveAggregator(settings.aggregator);
  const types = useClassTypes();
  const [form, setForm] = useState({
    enabled: settings.enabled,
    partner_id: settings.partner_id,
    product_id: settings.product_id,
    api_key: "",
    webhook_secret: "",
    class_type_ids: settings.class_type_ids.map(String),
    seats_per_class: settings.seats_per_class,
    rate: settings.rate,
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const options = (types.data?.class_types ?? []).map((t) => ({
    value: String(t.class_type_id),
    label: t.name,
  }));
  const a = settings.aggregator;

  const submit = () =>
    save.mutate(
      { ...form, class_type_ids: form.class_type_ids.map(Number) },
      {
        onSuccess: (answer) => {
          setFields({});
          set({ api_key: "", webhook_secret: "" });
          notifySuccess(answer.message);
        },
        onError: (error) => {
          if (error instanceof ApiError) setFields(error.fields ?? {});
          notifyError(error);
        },
      },
    );

  return (
    <Card withBorder radius="md" padding="md" data-testid={`aggregator-${a}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{settings.name}</Title>
          <Switch
            size="md"
            label={c.enabled}
            checked={form.enabled}
            onChange={(e) => set({ enabled: e.currentTarget.checked })}
          />
        </Group>
        <Text size="sm">{c.deadlines(settings.acceptance_minutes, settings.validation_minutes)}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={c.partnerId[a]}
            value={form.partner_id}
            error={fields.partner_id}
            onChange={(e) => set({ partner_id: e.currentTarget.value })}
          />
          <TextInput
            label={c.productId[a]}
            value={form.product_id}
            onChange={(e) => set({ product_id: e.currentTarget.value })}
          />
          <PasswordInput
            label={c.apiKey[a]}
            description={settings.has_api_key ? c.secretStored : c.secretMissing}
            value={form.api_key}
            autoComplete="off"
            onChange={(e) => set({ api_key: e.currentTarget.value })}
          />
          <PasswordInput
            label={c.webhookSecret}
            description={settings.has_webhook_secret ? c.secretStored : c.secretMissing}
            value={form.webhook_secret}
            error={fields.webhook_secret}
            autoComplete="off"
            onChange={(e) => set({ webhook_secret: e.currentTarget.value })}
          />
          <NumberInput
            label={c.seats}
            min={0}
            max={500}
            value={form.seats_per_class}
            error={fields.seats_per_class}
            onChange={(v) => set({ seats_per_class: Number(v) || 0 })}
          />
          <NumberInput
            label={c.rate}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            prefix="$"
            thousandSeparator=","
            value={form.rate}
            error={fields.rate}
            onChange={(v) => set({ rate: Number(v) || 0 })}
          />
        </SimpleGrid>
        <MultiSelect
          label={c.classTypes}
          description={c.classTypesHint}
          data={options}
          value={form.class_type_ids}
          onChange={(ids) => set({ class_type_ids: ids })}
          searchable
        />
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {c.webhookUrl}
          </Text>
          <Code style={{ overflowWrap: "anywhere" }}>{settings.webhook_url}</Code>
          <Text size="xs">{c.webhookUrlHint}</Text>
        </Stack>
        {settings.queued > 0 ? (
          <Badge variant="light" color="blue" tt="none" size="lg">
            {c.queued(settings.queued)}
          </Badge>
        ) : null}
        {settings.last_error ? (
          <Alert color="red" title={c.lastError}>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {settings.last_error}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} h={44}>
            {c.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
