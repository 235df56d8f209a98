import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { emailProblem, useFieldErrors } from "../../../lib/field-errors";
import { useRequestEmailChange } from "../api";
import { customersCopy as c } from "../copy";

/** The new address; the current one stays until the link sent to the new one is opened. */
export function EmailChange({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const form = useFieldErrors();
  const request = useRequestEmailChange();

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = value.trim().toLowerCase();
    const problem = emailProblem(next);
    if (form.show(problem ? { email: problem } : {})) return;
    request.mutate(next, {
      onSuccess: (data) => {
        notifications.show({ color: "green", message: data.message, autoClose: 3000 });
        setSent(next);
        setOpen(false);
        setValue("");
      },
      onError: (err) => {
        if (!form.showApi(err)) form.show({ email: isApiError(err) ? err.message : String(err) });
      },
    });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.email}
          </Text>
          {/* A long address breaks after "@" rather than mid-word. */}
          <Text style={{ overflowWrap: "anywhere" }}>
            {email.split("@")[0]}
            {email.includes("@") ? (
              <>
                @<wbr />
                {email.slice(email.indexOf("@") + 1)}
              </>
            ) : null}
          </Text>
        </div>
        {!open ? (
          <Button variant="light" onClick={() => setOpen(true)} style={{ flexShrink: 0 }}>
            {c.changeEmail}
          </Button>
        ) : null}
      </Group>
      {sent ? (
        <Alert color="green" role="status">
          {messages.emailConfirmationSent}: <b>{sent}</b>
        </Alert>
      ) : null}
      {open ? (
        <form ref={form.ref} onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={c.newEmail}
              description={c.newEmailHint}
              type="email"
              autoComplete="email"
              required
              value={value}
              error={form.errors.email}
              onChange={(e) => {
                setValue(e.currentTarget.value);
                form.clear("email");
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {c.cancel}
              </Button>
              <Button type="submit" loading={request.isPending}>
                {c.sendLink}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
