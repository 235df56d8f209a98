import { Badge, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { z } from "zod";
import type { classWaitlistAnswer, joinWaitlistAnswer } from "../../domain/api/waitlists";
import type { messageAnswer } from "../../domain/api/wire";
import { formatDateTime } from "../../domain/format";
import { t } from "../../domain/messages";
import { api, isApiError } from "../lib/api-client";
import { waitlistKeys } from "./waitlist-keys";

/** One of my waitlist entries as the API answers it. */
export type { WaitlistEntry } from "../../domain/api/waitlists";

const alert = (error: unknown) =>
  notifications.show({
    color: "red",
    message: isApiError(error) ? error.message : t("internal"),
    autoClose: 5000,
  });

/** Leave a line: shared by the calendar's modal and Mis Listas de Espera. */
export function useLeaveWaitlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<z.input<typeof messageAnswer>>(`/waitlist/${id}`),
    onSuccess: (data) => {
      notifications.show({ color: "green", message: data.message, autoClose: 3000 });
      client.invalidateQueries({ queryKey: waitlistKeys.all });
    },
    onError: alert,
  });
}

/**
 * 'Precaución' before leaving a waitlist. It opens after 500 ms (a pause that keeps a
 * stray double tap on 'Eliminarme' from confirming at once).
 */
export function LeaveWaitlistConfirm({
  requested,
  loading,
  onCancel,
  onConfirm,
}: {
  requested: boolean;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!requested) {
      setOpened(false);
      return;
    }
    const timer = setTimeout(() => setOpened(true), 500);
    return () => clearTimeout(timer);
  }, [requested]);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t("modalDefaultTitle")}
      centered
      radius="lg"
      zIndex={300}
    >
      <Stack>
        <Text>¿Quieres salir de esta lista de espera? Perderás tu lugar en la fila.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            Eliminarme
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * 'Lista de Espera' for a full class (docs/product-rules.md#waitlists): 'Anotarme', then '¡Ya estás
 * en lista de espera!' with the place in line, then 'Eliminarme' after the 'Precaución'
 * confirmation.
 */
export function WaitlistModal({
  klass,
  timeZone,
  onClose,
}: {
  klass: { single_class_id: number; class_date: string; class_type: { name: string } } | null;
  timeZone: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const id = klass?.single_class_id ?? 0;
  const entry = useQuery({
    queryKey: waitlistKeys.ofClass(id),
    queryFn: () => api.get<z.input<typeof classWaitlistAnswer>>(`/waitlist/class/${id}`),
    enabled: id > 0,
  });
  const join = useMutation({
    mutationFn: () => api.post<z.input<typeof joinWaitlistAnswer>>("/waitlist", { single_class_id: id }),
    onSuccess: (data) => {
      notifications.show({ color: "green", message: data.message, autoClose: 3000 });
      client.invalidateQueries({ queryKey: waitlistKeys.all });
    },
    onError: alert,
  });
  const leave = useLeaveWaitlist();
  const [confirming, setConfirming] = useState(false);
  const mine = entry.data?.waitlist ?? null;
  const onList = mine !== null && (mine.status === "waiting" || mine.status === "offered");

  return (
    <Modal opened={klass !== null} onClose={onClose} title="Lista de Espera" centered radius="lg">
      {klass ? (
        <Stack>
          <div>
            <Text fw={700}>{klass.class_type.name}</Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(klass.class_date, timeZone)}
            </Text>
          </div>
          {onList ? (
            <Stack gap="xs">
              {/* teal.9: Mantine's green shades stay under 4.5:1 on white at this size. */}
              <Text fw={700} c="teal.9">
                {t("waitlistOnList")}
              </Text>
              {mine.position ? (
                <Badge size="lg" variant="light" tt="none">
                  Lugar en la fila: {mine.position}
                </Badge>
              ) : null}
              <Text size="sm" c="dimmed">
                Si se libera un lugar te lo asignamos en orden de llegada y te avisamos por correo.
              </Text>
              <Group justify="flex-end">
                <Button variant="light" color="red" onClick={() => setConfirming(true)}>
                  Eliminarme
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="xs">
              <Text size="sm">
                La clase está llena. Anótate y, si se libera un lugar, te lo asignamos en orden de llegada.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cerrar
                </Button>
                <Button loading={join.isPending || entry.isLoading} onClick={() => join.mutate()}>
                  Anotarme
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      ) : null}
      <LeaveWaitlistConfirm
        requested={confirming}
        loading={leave.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => mine && leave.mutate(mine.waitlist_id, { onSettled: () => setConfirming(false) })}
      />
    </Modal>
  );
}
