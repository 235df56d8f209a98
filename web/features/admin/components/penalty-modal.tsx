import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { notifyError } from "../../../components/admin/notify";
import { api } from "../../../lib/api-client";
import { fieldErrors, type Message, useCreditChange } from "./credit-adjustments-api";

/** "Agregar penalización": from today to the chosen day (included) the customer cannot book. */
export function PenaltyModal({
  customerId,
  timeZone,
  onClose,
}: {
  customerId: number;
  timeZone: string;
  onClose: () => void;
}) {
  const [end, setEnd] = useState(() => addLocalDays(localDay(new Date(), timeZone), 7));
  const [noShows, setNoShows] = useState<number | string>(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCreditChange(customerId, (body: Record<string, unknown>) =>
    api.post<Message>("/class_reservation_penaltys", body),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!end) {
      setErrors({ end_date: "Debes llenar este campo." });
      return;
    }
    save.mutate(
      { customer_id: customerId, end_date: end, no_shows: Number(noShows) || 0 },
      {
        onSuccess: onClose,
        onError: (error) => {
          setErrors(fieldErrors(error));
          notifyError(error);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Agregar penalización" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Desde hoy y hasta el día que elijas (incluido), el cliente no podrá reservar clases.
          </Text>
          <TextInput
            type="date"
            label="Termina el"
            required
            value={end}
            onChange={(e) => {
              setEnd(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.end_date}
            data-autofocus
          />
          <NumberInput
            label="Inasistencias"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={noShows}
            onChange={setNoShows}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={save.isPending}>
              Agregar penalización
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
