import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import { useCallback, useState } from "react";
import { messages } from "../../../../domain/messages";
import { parseSandboxToken } from "../../../../domain/sandbox-card";
import { notifySuccess } from "../../../components/notify";
import { type CardFieldState, SandboxCardField } from "../../../components/sandbox-card-field";
import { isApiError } from "../../../lib/api-client";
import { useFieldErrors } from "../../../lib/field-errors";
import { useAddCard } from "../api";

/**
 * Agregar with the sandbox processor: the card is tokenised in this page (the number never leaves
 * the field, decision 0007) and only the token is sent; brand and last four come from it.
 */
export function AddCardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddCard();
  const [card, setCard] = useState<CardFieldState>({ complete: false, tokenize: () => "" });
  const [error, setError] = useState<string | null>(null);
  // Guardar explains instead of staying disabled (decision 0030): after a try, each
  // empty or wrong part of the card says so and the first gets the focus.
  const [attempted, setAttempted] = useState(false);
  const fieldErrors = useFieldErrors<HTMLDivElement>();
  const onChange = useCallback((state: CardFieldState) => setCard(state), []);
  const close = () => {
    setError(null);
    setAttempted(false);
    fieldErrors.show({});
    onClose();
  };
  function save() {
    if (!card.complete) {
      setAttempted(true);
      fieldErrors.show({ card: messages.fieldRequired });
      return;
    }
    const token = card.tokenize();
    const parsed = parseSandboxToken(token);
    setError(null);
    add.mutate(
      { token_id: token, card_type: parsed?.brand ?? "", last_digits: parsed?.last4 ?? "" },
      {
        onSuccess: (r) => {
          notifySuccess(r.message);
          close();
        },
        onError: (e) => setError(isApiError(e) && e.message ? e.message : messages.checkoutDefault),
      },
    );
  }
  return (
    <Modal opened={opened} onClose={close} title="Agregar tarjeta" centered radius="lg">
      <Stack ref={fieldErrors.ref}>
        {opened ? (
          <SandboxCardField onChange={onChange} disabled={add.isPending} showErrors={attempted} />
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={add.isPending}>
            Cancelar
          </Button>
          <Button onClick={save} loading={add.isPending} data-testid="save-card">
            Guardar tarjeta
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
