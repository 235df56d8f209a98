import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { messages } from "../../../../domain/messages";
import { useCancelSubscription } from "../api";

/** Confirmation modal ('Precaución') with the required cancellation reason (seed 001 section 4). */
export function CancelSubscriptionModal({
  purchaseId,
  title,
  onClose,
}: {
  purchaseId: number | null;
  title: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelSubscription();
  function close() {
    setReason("");
    setError(null);
    onClose();
  }
  return (
    <Modal
      opened={purchaseId !== null}
      onClose={close}
      title={messages.modalDefaultTitle}
      centered
      radius="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError(messages.cancelReasonRequired);
            return;
          }
          cancel.mutate(
            { id: purchaseId!, reason: reason.trim() },
            {
              onSuccess: (r) => {
                notifications.show({ color: "green", message: r.message, autoClose: 3000 });
                close();
              },
              onError: (err) => setError(err.message),
            },
          );
        }}
      >
        <Stack>
          <Text>{`¿Seguro que quieres cancelar tu suscripción a ${title}? No se harán más cargos.`}</Text>
          <Textarea
            label="Motivo de cancelación"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            autosize
            minRows={2}
            name="reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Volver
            </Button>
            <Button color="red" type="submit" loading={cancel.isPending}>
              Cancelar suscripción
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
