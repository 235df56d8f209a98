import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { formatDateTime } from "../../../../domain/format";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { type MySession, useEndSession, useMySessions } from "../api";

/**
 * Where I am signed in (decision 0055): each session's device, address and times, with a button
 * to end it (this one too, which signs this browser out).
 */
export function SessionList() {
  const sessions = useMySessions();
  const end = useEndSession();
  const { timezone } = useAppConfig();
  const finish = (session: MySession) =>
    end.mutate(session, {
      onSuccess: (data) => notifications.show({ color: "green", message: data.message, autoClose: 3000 }),
      onError: (err) =>
        notifications.show({
          color: "red",
          message: isApiError(err) ? err.message : String(err),
          autoClose: 5000,
        }),
    });
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Sesiones abiertas
      </Text>
      {sessions.data?.sessions.map((session) => (
        <Group key={session.id} justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={500}>
              {session.device}
              {session.current ? " · esta sesión" : ""}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {session.place ? `Desde ${session.place} · ` : ""}
              Entró el {formatDateTime(session.signed_in_at, timezone)} · última actividad{" "}
              {formatDateTime(session.last_active_at, timezone)}
            </Text>
          </div>
          <Button
            variant="light"
            color="red"
            size="xs"
            style={{ flexShrink: 0 }}
            loading={end.isPending && end.variables?.id === session.id}
            onClick={() => finish(session)}
            aria-label={`Cerrar la sesión de ${session.device}`}
          >
            Cerrar
          </Button>
        </Group>
      ))}
      {sessions.isError ? <Text c="red">No pudimos cargar tus sesiones.</Text> : null}
    </Stack>
  );
}
