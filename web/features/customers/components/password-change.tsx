import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { passwordErrorProps, requiredErrors, useFieldErrors } from "../../../lib/field-errors";
import { useChangePassword } from "../api";
import { customersCopy as c } from "../copy";

type PasswordFields = { currentPassword: string; newPassword: string; confirm: string };
const EMPTY: PasswordFields = { currentPassword: "", newPassword: "", confirm: "" };

/** Current + new password; the server applies the studio's policy and ends other sessions. */
export function PasswordChange() {
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
