import { Button, Card, Group, NumberInput, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type CashCloseDay, useCloseDay } from "../api";
import { cashCloseCopy as c } from "../copy";
import { DifferenceBadge, diffCents } from "./figures";

export function CloseForm({ data }: { data: CashCloseDay }) {
  const [counted, setCounted] = useState<number | string>("");
  const [note, setNote] = useState("");
  const close = useCloseDay();
  const value = typeof counted === "number" ? counted : null;
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value === null) return;
          close.mutate(
            { location_id: data.location_id, day: data.day, counted_cash: value, note: note || null },
            { onSuccess: (r) => notifySuccess(r.message), onError: notifyError },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {c.countTitle}
          </Title>
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              label={c.counted}
              value={counted}
              onChange={setCounted}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              prefix="$"
              required
              w={220}
            />
            {value !== null ? (
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  {c.difference}
                </Text>
                <DifferenceBadge cents={diffCents(data.expected_cash, value)} />
              </Stack>
            ) : null}
          </Group>
          <Textarea
            label={c.note}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
          />
          <Group>
            <Button type="submit" loading={close.isPending} disabled={value === null}>
              {c.close}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
