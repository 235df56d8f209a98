import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { freezeAnswer } from "../../../../domain/api/purchases";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { api } from "../../../lib/api-client";
import { moneyCopy as copy, useInvalidateCustomer } from "./purchase-money";

/**
 * "Congelar" (decision 0027): an unlimited membership or a subscription, for a range of days (two
 * weeks from today to start with).
 */
export function FreezeModal({
  customerId,
  purchase,
  timeZone,
  onClose,
}: {
  customerId: number;
  purchase: { purchase_id: number; title: string };
  timeZone: string;
  onClose: () => void;
}) {
  const invalidate = useInvalidateCustomer(customerId);
  const today = localDay(new Date(), timeZone);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addLocalDays(today, 13));
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  const freeze = useMutation({
    mutationFn: () =>
      api.post<z.input<typeof freezeAnswer>>(`/purchases/admin/${purchase.purchase_id}/freeze`, { from, to }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      invalidate();
      onClose();
    },
    onError: notifyError,
  });
  return (
    <Modal opened onClose={onClose} title={copy.freezeTitle(purchase.title)} centered radius="md">
      <Stack gap="md">
        <Text size="sm">{copy.freezeHelp}</Text>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={copy.from}
            value={from}
            min={today}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={copy.to}
            value={to}
            min={from}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </Group>
        {days > 0 ? <Text size="sm">{copy.days(days)}</Text> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {copy.cancel}
          </Button>
          <Button loading={freeze.isPending} disabled={!(days > 0)} onClick={() => freeze.mutate()}>
            {copy.freeze}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
