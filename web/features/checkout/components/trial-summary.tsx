import { Group, Stack, Text } from "@mantine/core";
import { formatDate, formatMoney } from "../../../../domain/format";
import { periodLength } from "../../packages/public";
import { checkoutCopy } from "../copy";

/** A subscription's free trial at checkout: its length, the first charge's date and amount, $0 today. */
export function TrialSummary({
  length,
  period,
  nextCharge,
  total,
  timezone,
}: {
  length: number;
  period: string;
  nextCharge: Date;
  total: number;
  timezone: string;
}) {
  return (
    <Stack gap={4} data-testid="trial-summary">
      <Text fw={600}>{checkoutCopy.freeTrial(periodLength(length, period))}</Text>
      <Group justify="space-between">
        <Text>{checkoutCopy.nextCharge}</Text>
        <Text>{`${formatDate(nextCharge, timezone)} · ${formatMoney(total)}`}</Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>{checkoutCopy.payToday}</Text>
        <Text fw={700}>{formatMoney(0)}</Text>
      </Group>
    </Stack>
  );
}
