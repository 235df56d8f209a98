import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatMoney } from "../../../../domain/format";
import { useFreezeOwn } from "../api";

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Mis Compras → "Congelar": the customer pauses their own membership (when the studio allows it). */
export function FreezeOwnModal({
  purchase,
  fee,
  maxDays,
  timeZone,
  onClose,
}: {
  purchase: { purchase_id: number; title: string };
  fee: number;
  maxDays: number;
  timeZone: string;
  onClose: () => void;
}) {
  const today = localDay(new Date(), timeZone);
  const [from, setFrom] = useState(addLocalDays(today, 1));
  const [to, setTo] = useState(addLocalDays(today, 14));
  // One key per dialog: a double click freezes (and charges the fee) once.
  const key = useMemo(
    () =>
      typeof crypto !== "undefined" && "randomUUID" in crypto
        ? crypto.randomUUID()
        : `${Date.now()}-${Math.random()}`,
    [],
  );
  const freeze = useFreezeOwn();
  const days = dayCount(from, to);
  return (
    <Modal opened onClose={onClose} title={`Congelar ${purchase.title}`} centered radius="md">
      <Stack gap="md">
        <Text size="sm">
          Mientras tu membresía está congelada no se te cobra y no puedes reservar clases; tu vencimiento y tu
          próximo cargo se recorren los mismos días.
        </Text>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Desde"
            value={from}
            min={today}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Hasta"
            value={to}
            min={from}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </Group>
        <Text size="sm">
          {days === 1 ? "1 día" : `${days} días`} (máximo {maxDays}).
        </Text>
        {fee > 0 ? (
          <Alert color="blue" variant="light">
            {`El congelamiento cuesta ${formatMoney(fee)} y se cobra a tu tarjeta guardada.`}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
          <Button
            loading={freeze.isPending}
            disabled={!(days > 0 && days <= maxDays)}
            onClick={() =>
              freeze.mutate(
                { purchase_id: purchase.purchase_id, from, to, idempotency_key: key },
                {
                  onSuccess: (res) => {
                    notifications.show({ color: "green", message: res.message, autoClose: 3000 });
                    onClose();
                  },
                  onError: (error) =>
                    notifications.show({ color: "red", message: error.message, autoClose: 5000 }),
                },
              )
            }
          >
            Congelar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
