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
import { type FormEvent, useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { emailProblem, passwordErrorProps, requiredErrors, useFieldErrors } from "../../../lib/field-errors";
import {
  type MySession,
  useChangePassword,
  useEndSession,
  useMySessions,
  useRequestEmailChange,
} from "../api";
import { customersCopy as c } from "../copy";

/** The new address; the current one stays until the link sent to the new one is opened. */
function EmailChange({ email }: { email: string }) {
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

type PasswordFields = { currentPassword: string; newPassword: string; confirm: string };
const EMPTY: PasswordFields = { currentPassword: "", newPassword: "", confirm: "" };

/** Current + new password; the server applies the studio's policy and ends other sessions. */
function PasswordChange() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<PasswordFields>(EMPTY);
  const { ref, errors, show, showApi, clear } = useFieldErrors();
  const change = useChangePassword();

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = requiredErrors(form, ["currentPassword", "newPassword"]);
    if (form.newPassword && form.confirm !== form.newPassword) found.confirm = messages.passwordsDontMatch;
    if (show(found)) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: messages.passwordUpdated, autoClose: 3000 });
          setForm(EMPTY);
          setOpen(false);
        },
        onError: (err) => {
          if (!showApi(err)) show({ newPassword: isApiError(err) ? err.message : String(err) });
        },
      },
    );
  }

  const field = (key: keyof PasswordFields) => ({
    value: form[key],
    ...passwordErrorProps(errors[key]),
    required: true,
    visibilityToggleButtonProps: { "aria-label": c.showPassword },
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
      clear(key);
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
        <form ref={ref} onSubmit={submit} noValidate>
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
                  show({});
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

/**
 * Where I am signed in (decision 0055): each session's device, address and times, with a button
 * to end it (this one too, which signs this browser out).
 */
function SessionList() {
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

/** 'Correo y contraseña' on Mi Información (decision 0018). */
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
        <Divider />
        <SessionList />
      </Stack>
    </Paper>
  );
}
