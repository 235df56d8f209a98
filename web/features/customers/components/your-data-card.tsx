import { Alert, Anchor, Button, Divider, Group, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import { dataExportUrl, useClosureStatus, useRequestClosure } from "../api";
import { customersCopy as c } from "../copy";

/**
 * "Tus datos" (ARCO rights, decision 0024): download everything the studio holds (JSON or a CSV a
 * spreadsheet opens) and ask the studio to close the account, with where the request stands.
 */
export function YourDataCard() {
  const config = useAppConfig();
  const closure = useClosureStatus();
  const request = useRequestClosure();
  const [confirming, setConfirming] = useState(false);

  function ask() {
    request.mutate(undefined, {
      onSuccess: (data) => {
        setConfirming(false);
        notifications.show({ color: "green", message: data.message, autoClose: 3000 });
      },
      onError: (err) => notifications.show({ color: "red", message: err.message, autoClose: 5000 }),
    });
  }

  const requestedAt = closure.data?.status === "requested" ? closure.data.requested_at : null;
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {c.dataTitle}
        </Title>
        <Text size="sm">{c.dataText}</Text>
        <Group gap="sm">
          <Button component="a" href={dataExportUrl("json")} download variant="light">
            {c.downloadJson}
          </Button>
          <Button component="a" href={dataExportUrl("csv")} download variant="light">
            {c.downloadCsv}
          </Button>
        </Group>
        <Divider />
        <Title order={3} fz="h5">
          {c.closeTitle}
        </Title>
        <Text size="sm">{c.closeText}</Text>
        {requestedAt ? (
          <Alert color="yellow" role="status">
            {c.closeRequested.replace("{date}", formatDate(requestedAt, config.timezone))}
          </Alert>
        ) : (
          <Group>
            <Button
              color="red.9"
              variant="outline"
              onClick={() => setConfirming(true)}
              disabled={!closure.data}
            >
              {c.closeButton}
            </Button>
          </Group>
        )}
        <Anchor component={Link} to="/aviso-de-privacidad" size="sm">
          {c.privacyLink}
        </Anchor>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={c.closeConfirmTitle} centered>
        <Stack gap="md">
          <Text size="sm">{c.closeConfirmText}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {c.cancel}
            </Button>
            <Button color="red.9" loading={request.isPending} onClick={ask}>
              {c.closeConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
