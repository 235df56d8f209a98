import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { classChangeNoticesAnswer, freeCancelAnswer } from "../../../../domain/api/admin-schedule";
import type { messageAnswer } from "../../../../domain/api/wire";
import { classChangeTexts as x } from "../../../../domain/class-changes";
import { formatDateTime } from "../../../../domain/format";
import { api } from "../../../lib/api-client";
import { reservationKeys } from "../query-keys";

const copy = {
  changedTitle: (name: string) => `Cambiamos tu clase ${name}`,
  cancelledTitle: (name: string) => `Cancelamos tu clase ${name}`,
  now: (date: string, place: string | null) => `Ahora: ${date}${place ? ` · ${place}` : ""}`,
  refunded: (n: number) => (n === 1 ? "Te devolvimos 1 crédito." : `Te devolvimos ${n} créditos.`),
  freeCancel: "Cancelar sin costo",
  freeCancelHelp: "El cambio es nuestro: si ya no te acomoda, cancela sin perder tu crédito.",
  dismiss: "Entendido",
  region: "Avisos de cambios en tus clases",
};

/**
 * Notices of classes the studio changed or cancelled (decision 0026), at the top of Mis
 * Reservaciones until the customer dismisses them; a change of ours offers the free cancellation.
 */
export function ChangeNotices({ zone }: { zone: string }) {
  const client = useQueryClient();
  const notices = useQuery({
    queryKey: reservationKeys.changeNotices,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof classChangeNoticesAnswer>>("/class_change_notices", { signal }),
  });
  const refresh = () =>
    Promise.all(
      [
        reservationKeys.changeNotices,
        reservationKeys.all,
        reservationKeys.credits,
        reservationKeys.schedules,
      ].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
  const show = (color: string, message: string) =>
    notifications.show({ color, message, autoClose: color === "green" ? 3000 : 5000 });
  const dismiss = useMutation({
    mutationFn: (id: number) =>
      api.post<z.input<typeof messageAnswer>>(`/class_change_notices/${id}/dismiss`),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: number) =>
      api.post<z.input<typeof freeCancelAnswer>>(`/class_change_notices/${id}/cancel-reservation`),
    onSuccess: (res) => show("green", res.message),
    onError: (error) => show("red", error.message),
    onSettled: refresh,
  });
  const list = notices.data?.notices ?? [];
  if (list.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-label={copy.region}>
      {list.map((n) => {
        const k = n.single_class;
        const cancelled = n.kind === "cancelled";
        return (
          <Alert
            key={n.class_change_notice_id}
            color={cancelled ? "red" : "orange"}
            variant="light"
            radius="md"
            title={
              <Group gap="xs">
                <span>{(cancelled ? copy.cancelledTitle : copy.changedTitle)(k.class_type.name)}</span>
                {k.cancelled ? (
                  <Badge color="red" variant="filled" size="sm">
                    {x.cancelled}
                  </Badge>
                ) : null}
              </Group>
            }
            data-testid="change-notice"
          >
            <Stack gap={6}>
              {n.changes.map((line) => (
                <Text key={line.label} size="sm">
                  {x.changeLine(line.label, line.before, line.after)}
                </Text>
              ))}
              <Text size="sm" fw={600}>
                {cancelled
                  ? formatDateTime(k.class_date, zone)
                  : copy.now(formatDateTime(k.class_date, zone), k.location?.name ?? null)}
              </Text>
              {cancelled && n.refunded_credits > 0 ? (
                <Text size="sm">{copy.refunded(n.refunded_credits)}</Text>
              ) : null}
              {n.can_cancel_free ? <Text size="sm">{copy.freeCancelHelp}</Text> : null}
              <Group gap="xs">
                {n.can_cancel_free ? (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={cancel.isPending && cancel.variables === n.class_change_notice_id}
                    onClick={() => cancel.mutate(n.class_change_notice_id)}
                  >
                    {copy.freeCancel}
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  variant="default"
                  loading={dismiss.isPending && dismiss.variables === n.class_change_notice_id}
                  onClick={() => dismiss.mutate(n.class_change_notice_id)}
                >
                  {copy.dismiss}
                </Button>
              </Group>
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
