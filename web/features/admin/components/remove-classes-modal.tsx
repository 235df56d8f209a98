import { Button, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useRemoveClasses } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.customers;

/** "Restar clases": the amount; the server takes it from the soonest-expiring credits. */
export function RemoveClassesModal({
  customerId,
  opened,
  onClose,
  available,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
  available: number;
}) {
  const remove = useRemoveClasses(customerId);
  const [amount, setAmount] = useState<number | string>(1);
  const submit = () =>
    remove.mutate(Number(amount), {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onClose();
      },
      onError: notifyError,
    });
  return (
    <Modal opened={opened} onClose={onClose} title={c.removeClasses} centered radius="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {c.creditsTotal(available)} · {c.removeHint}
        </Text>
        <NumberInput
          label={c.amount}
          min={1}
          max={Math.max(1, available)}
          allowDecimal={false}
          value={amount}
          onChange={setAmount}
          data-autofocus
        />
        <Button color="red" onClick={submit} loading={remove.isPending} disabled={!Number(amount)}>
          {c.removeClasses}
        </Button>
      </Stack>
    </Modal>
  );
}
