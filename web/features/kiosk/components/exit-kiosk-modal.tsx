import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client";
import { useCloseKiosk } from "../api";
import { kioskCopy as c } from "../copy";

/** Leaving the kiosk: the PIN chosen when it was opened (decision 0097); wrong ones are counted by the server. */
export function ExitKioskModal({
  opened,
  onClose,
  onClosed,
}: {
  opened: boolean;
  onClose: () => void;
  onClosed: () => void;
}) {
  const close = useCloseKiosk();
  const [pin, setPin] = useState("");
  const cancel = () => {
    setPin("");
    close.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={cancel} title={c.exitTitle} centered radius="md" size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          close.mutate(pin, { onSuccess: onClosed, onSettled: () => setPin("") });
        }}
      >
        <Stack gap="md">
          <Text>{c.exitIntro}</Text>
          <PasswordInput
            label={c.pin}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ""))}
            size="lg"
            data-autofocus
          />
          {close.error ? (
            <Alert color="red" data-testid="kiosk-exit-error">
              {isApiError(close.error) ? close.error.message : c.networkError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="lg" onClick={cancel}>
              {c.cancel}
            </Button>
            <Button type="submit" size="lg" loading={close.isPending} disabled={pin.length < 4}>
              {c.exitConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
