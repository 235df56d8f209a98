import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { messages } from "../../../../domain/messages";
import { accessUntilText } from "../../../../domain/subscription-cancel";
import { formMessage, useFieldErrors } from "../../../lib/field-errors";
import { useCancelSubscription } from "../api";

/**
 * Confirmation modal ('Precaución') with the required cancellation reason
 * (docs/product-rules.md#purchases-and-subscriptions).
 */
export function CancelSubscriptionModal({
  purchaseId,
  title,
  accessUntil,
  timeZone,
  onClose,
}: {
  purchaseId: number | null;
  title: string;
  /** The paid period's end: access lasts until then (decision 0051). */
  accessUntil: string | null;
  timeZone: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  // The reason explains itself like every customer form (decision 0030); a server
  // answer that names no field shows above the buttons.
  const fieldErrors = useFieldErrors();
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelSubscription();
  function close() {
    setReason("");
    setError(null);
    fieldErrors.show({});
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
        ref={fieldErrors.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (!reason.trim()) {
            fieldErrors.show({ reason: messages.cancelReasonRequired });
            return;
          }
          cancel.mutate(
            { id: purchaseId!, reason: reason.trim() },
            {
              onSuccess: (r) => {
                notifications.show({ color: "green", message: r.message, autoClose: 3000 });
                close();
              },
              onError: (err) => {
                fieldErrors.showApi(err);
                setError(formMessage(err));
              },
            },
          );
        }}
      >
        <Stack>
          <Text>{`¿Seguro que quieres cancelar tu suscripción a ${title}?`}</Text>
          <Text fw={600} data-testid="access-until">
            {accessUntilText(accessUntil, timeZone)}
          </Text>
          <Textarea
            label="Motivo de cancelación"
            withAsterisk
            required
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              fieldErrors.clear("reason");
            }}
            error={fieldErrors.errors.reason}
            autosize
            minRows={2}
            name="reason"
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
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
