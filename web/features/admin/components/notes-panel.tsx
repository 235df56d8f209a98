import { Button, Checkbox, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { type CustomerDetail, useAddNote } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.customers;

/** Internal notes: newest first, each with its date and author; never shown to the customer. */
export function NotesPanel({ customerId, notes }: { customerId: number; notes: CustomerDetail["notes"] }) {
  const config = useAppConfig();
  const add = useAddNote(customerId);
  const [body, setBody] = useState("");
  const [forCoaches, setForCoaches] = useState(false);
  const submit = () =>
    add.mutate(
      { body, visible_to_coaches: forCoaches },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          setBody("");
          setForCoaches(false);
        },
        onError: notifyError,
      },
    );
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {c.notesHint}
      </Text>
      <Textarea
        label={c.newNote}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
      />
      <Group justify="space-between" wrap="wrap">
        <Checkbox
          label="Visible para coaches"
          description="Aparece en la lista de sus clases (por ejemplo, una lesión)."
          checked={forCoaches}
          onChange={(e) => setForCoaches(e.currentTarget.checked)}
        />
        <Button size="compact-md" onClick={submit} loading={add.isPending} disabled={!body.trim()}>
          {c.addNote}
        </Button>
      </Group>
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {c.noNotes}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {notes.map((n) => (
            <Paper key={n.customer_note_id} component="li" withBorder radius="sm" p="sm">
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {n.body}
              </Text>
              {n.visible_to_coaches ? (
                <Text size="xs" fw={600} c="teal.9" mt={4}>
                  Visible para coaches
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" mt={4}>
                {c.noteBy(
                  [n.author_name, n.author_email ? `<${n.author_email}>` : null].filter(Boolean).join(" ") ||
                    "—",
                  formatDateTime(n.createdAt, config.timezone),
                )}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
