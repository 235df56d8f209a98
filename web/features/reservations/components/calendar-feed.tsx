import { Anchor, Button, CopyButton, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useCalendarFeed } from "../api";

/** The private calendar feed: subscribe from Google/Apple calendars. */
export function CalendarFeed() {
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(shown);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Text fw={600}>Sincroniza tus clases con tu calendario</Text>
        <Text size="sm" c="dimmed">
          Suscríbete desde Google Calendar o Apple Calendar con tu enlace privado: tus próximas reservaciones
          aparecerán solas.
        </Text>
        {shown && feed.data ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
              {feed.data.url}
            </Text>
            <CopyButton value={feed.data.url}>
              {({ copied, copy: doCopy }) => (
                <Button size="compact-sm" variant="light" onClick={doCopy}>
                  {copied ? "Copiado" : "Copiar"}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => setShown(true)} w="fit-content">
            Mostrar mi enlace de calendario
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
