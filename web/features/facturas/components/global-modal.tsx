import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { formMessage } from "../../../lib/field-errors";
import { useIssueGlobal } from "../api";
import { facturasCopy } from "../copy";

const g = facturasCopy.global;

/** Issues (or retries) a closed month's factura global on demand (docs/decisions/0058). */
export function GlobalFacturaModal({
  opened,
  onClose,
  defaultPeriod,
}: {
  opened: boolean;
  onClose: () => void;
  /** "2026-10": the last month, the one usually due. */
  defaultPeriod: string;
}) {
  const [period, setPeriod] = useState(defaultPeriod);
  const issue = useIssueGlobal();
  const close = () => {
    issue.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={g.title} radius="md" centered>
      <Stack gap="sm">
        <Text size="sm">{g.intro}</Text>
        <TextInput
          type="month"
          label={g.period}
          value={period}
          onChange={(e) => setPeriod(e.currentTarget.value)}
        />
        {issue.error && formMessage(issue.error) ? (
          <Alert color="red" role="alert">
            {formMessage(issue.error)}
          </Alert>
        ) : null}
        {issue.data ? (
          <Alert color={issue.data.factura.status === "failed" ? "red" : "green"} role="status">
            {issue.data.factura.status === "failed" ? issue.data.factura.error : g.done(period)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="subtle" onClick={close}>
            {g.close}
          </Button>
          <Button loading={issue.isPending} onClick={() => issue.mutate(period)} disabled={!period}>
            {g.issue}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
