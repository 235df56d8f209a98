import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import {
  type GlobalPeriodicity,
  periodLabel,
  periodOf,
  zonedMidnight,
} from "../../../../domain/fiscal/invoicing";
import { formMessage } from "../../../lib/field-errors";
import { useIssueGlobal } from "../api";
import { facturasCopy } from "../copy";

const g = facturasCopy.global;

/** Issues (or retries) a closed month's factura global on demand (docs/decisions/0058). */
export function GlobalFacturaModal({
  opened,
  onClose,
  defaultDay,
  periodicity,
  timeZone,
}: {
  opened: boolean;
  onClose: () => void;
  /** "2026-10-31": a day of the last period, the one usually due. */
  defaultDay: string;
  periodicity: GlobalPeriodicity;
  timeZone: string;
}) {
  // A month is chosen as a month; a day, week or fortnight by any day in it.
  const [day, setDay] = useState(defaultDay);
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  const period = day ? periodOf(zonedMidnight(y, m, d, timeZone), timeZone, periodicity) : "";
  const issue = useIssueGlobal();
  const close = () => {
    issue.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={g.title} radius="md" centered>
      <Stack gap="sm">
        <Text size="sm">{g.intro}</Text>
        {periodicity === "month" ? (
          <TextInput
            type="month"
            label={g.period}
            value={day.slice(0, 7)}
            onChange={(e) => setDay(e.currentTarget.value ? `${e.currentTarget.value}-01` : "")}
          />
        ) : (
          <TextInput
            type="date"
            label={g.day}
            description={period ? g.periodIs(periodLabel(period)) : undefined}
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
          />
        )}
        {issue.error && formMessage(issue.error) ? (
          <Alert color="red" role="alert">
            {formMessage(issue.error)}
          </Alert>
        ) : null}
        {issue.data ? (
          <Alert color={issue.data.factura.status === "failed" ? "red" : "green"} role="status">
            {issue.data.factura.status === "failed" ? issue.data.factura.error : g.done(periodLabel(period))}
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
