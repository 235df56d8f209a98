import { Alert, Button, Group, Modal, NativeSelect, NumberInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { CANCELLATION_MOTIVES } from "../../../../domain/api/facturas";
import { apiFieldErrors, formMessage } from "../../../lib/field-errors";
import { type FacturaRow, useCancelFactura } from "../api";
import { facturasCopy } from "../copy";

const c = facturasCopy.cancelModal;

/**
 * Cancels a factura with SAT's motive (docs/decisions/0058): 01 asks for the folio of the factura
 * that replaces it; the PAC's answer (accepted, or waiting for the receiver) stays on screen.
 */
export function CancelFacturaModal({ row, onClose }: { row: FacturaRow | null; onClose: () => void }) {
  const [motive, setMotive] = useState<string>("02");
  const [replacement, setReplacement] = useState<number | string>("");
  const [answer, setAnswer] = useState<string | null>(null);
  const cancel = useCancelFactura();
  const close = () => {
    setMotive("02");
    setReplacement("");
    setAnswer(null);
    cancel.reset();
    onClose();
  };
  const fieldError = apiFieldErrors(cancel.error)?.replacement_cfdi_id;
  return (
    <Modal opened={row !== null} onClose={close} title={row ? c.title(row.cfdi_id) : ""} radius="md" centered>
      {answer ? (
        <Stack gap="md">
          <Alert color="green" title={c.pacAnswer} role="status">
            {answer}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{c.close}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{c.intro}</Text>
          <NativeSelect
            label={c.motive}
            value={motive}
            data={CANCELLATION_MOTIVES.map((m) => ({ value: m, label: c.motives[m] ?? m }))}
            onChange={(e) => setMotive(e.currentTarget.value)}
          />
          {motive === "01" ? (
            <NumberInput
              label={c.replacement}
              description={c.replacementHint}
              value={replacement}
              onChange={setReplacement}
              min={1}
              allowDecimal={false}
              error={fieldError}
              required
            />
          ) : null}
          {cancel.error && formMessage(cancel.error) ? (
            <Alert color="red" role="alert">
              {formMessage(cancel.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="subtle" onClick={close}>
              {c.close}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                row &&
                cancel.mutate(
                  {
                    id: row.cfdi_id,
                    motive: motive as (typeof CANCELLATION_MOTIVES)[number],
                    ...(motive === "01" && replacement !== ""
                      ? { replacement_cfdi_id: Number(replacement) }
                      : {}),
                  },
                  { onSuccess: (r) => setAnswer(r.pac_answer) },
                )
              }
            >
              {c.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
