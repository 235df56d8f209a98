import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useRef, useState } from "react";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { useChangePassword, useRequestEmailChange } from "../api";
import { customersCopy as c } from "../copy";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The new address; the current one stays until the link sent to the new one is opened. */
function EmailChange({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const request = useRequestEmailChange();

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = value.trim().toLowerCase();
    const problem = next === "" ? c.fieldRequired : EMAIL_PATTERN.test(next) ? null : messages.emailInvalid;
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setError(null);
    request.mutate(next, {
      onSuccess: (data) => {
        notifications.show({ color: "green", message: data.message, autoClose: 3000 });
        setSent(next);
        setOpen(false);
        setValue("");
      },
      onError: (err) => {
        setError(isApiError(err) ? (err.fields?.email ?? err.message) : String(err));
        input.current?.focus();
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
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              ref={input}
              label={c.newEmail}
              description={c.newEmailHint}
              type="email"
              autoComplete="email"
              required
              value={value}
              error={error}
              onChange={(e) => setValue(e.currentTarget.value)}
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

type PasswordFields = { currentPassword: string; newPassword: string; confirm: string };
const EMPTY: PasswordFields = { currentPassword: "", newPassword: "", confirm: "" };

/** Current + new password; the server applies the studio's policy and ends other sessions. */
function PasswordChange() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<PasswordFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordFields, string>>>({});
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const change = useChangePassword();

  function showErrors(found: Partial<Record<keyof PasswordFields, string>>) {
    setErrors(found);
    const first = (["currentPassword", "newPassword", "confirm"] as const).find((k) => found[k]);
    if (first) refs[first].current?.focus();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<keyof PasswordFields, string>> = {};
    if (!form.currentPassword) found.currentPassword = c.fieldRequired;
    if (!form.newPassword) found.newPassword = c.fieldRequired;
    if (form.newPassword && form.confirm !== form.newPassword) found.confirm = messages.passwordsDontMatch;
    if (Object.keys(found).length > 0) return showErrors(found);
    showErrors({});
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: messages.passwordUpdated, autoClose: 3000 });
          setForm(EMPTY);
          setOpen(false);
        },
        onError: (err) => {
          if (isApiError(err) && err.fields) {
            showErrors({ currentPassword: err.fields.currentPassword, newPassword: err.fields.newPassword });
          } else showErrors({ newPassword: isApiError(err) ? err.message : String(err) });
        },
      },
    );
  }

  const field = (key: keyof PasswordFields) => ({
    ref: refs[key],
    value: form[key],
    error: errors[key],
    required: true,
    visibilityToggleButtonProps: { "aria-label": c.showPassword },
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.changePassword}
          </Text>
          <Text aria-hidden="true">••••••••</Text>
        </div>
        {!open ? (
          <Button variant="light" onClick={() => setOpen(true)} style={{ flexShrink: 0 }}>
            {c.changePassword}
          </Button>
        ) : null}
      </Group>
      {open ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={c.currentPassword}
              autoComplete="current-password"
              {...field("currentPassword")}
            />
            <PasswordInput
              label={c.newPassword}
              description={c.newPasswordHint}
              autoComplete="new-password"
              {...field("newPassword")}
            />
            <PasswordInput label={c.confirmPassword} autoComplete="new-password" {...field("confirm")} />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setOpen(false);
                  setForm(EMPTY);
                  setErrors({});
                }}
              >
                {c.cancel}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {c.savePassword}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

/** 'Correo y contraseña' on Mi Información (issue 18.3). */
export function AccountSecurityCard({ email }: { email: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {c.securityTitle}
        </Title>
        <EmailChange email={email} />
        <Divider />
        <PasswordChange />
      </Stack>
    </Paper>
  );
}
