import { Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatMoney } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import { reportsCopy } from "../copy";
import { useMyPay } from "../pay-api";
import { PayLines } from "./coach-pay";

const c = reportsCopy.pay;

/** Mis clases → Mi pago: the coach's own classes and pay, when the studio shows it. */
export function MyPay() {
  const config = useAppConfig();
  const zone = config.timezone;
  const today = localDay(new Date(), zone);
  const [from, setFrom] = useState(() => addLocalDays(today, -13));
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const mine = useMyPay({ from, to }, config.coach_pay_visible && valid);
  if (!config.coach_pay_visible) return null;
  const pay = mine.data?.pay;
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {c.mine}
      </Title>
      <Group gap="sm">
        <TextInput
          type="date"
          label={reportsCopy.from}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="date"
          label={reportsCopy.to}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={170}
          error={valid ? undefined : reportsCopy.badPeriod}
        />
      </Group>
      {mine.error ? <Text c="red">{mine.error.message}</Text> : null}
      {mine.data && !pay ? <Text c="dimmed">{c.noneMine}</Text> : null}
      {pay ? (
        <>
          <Text fw={600}>
            {c.mineTotal(formatMoney(pay.total), pay.classes)}
            {pay.approval ? ` · ${c.approvedShort}` : ""}
          </Text>
          <PayLines coach={pay} zone={zone} />
        </>
      ) : null}
    </Stack>
  );
}
