import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { passwordProblem } from "../../../../domain/auth";
import { messages } from "../../../../domain/messages";
import { formMessage, passwordErrorProps, useFieldErrors } from "../../../lib/field-errors";
import { usePasswordPolicy, useResetPassword } from "../api";
import { AuthPage } from "../components/auth-page";
import { authCopy } from "../copy";

/** /restablecer?token=: the recovery email's link. New password twice, the studio's policy. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const policy = usePasswordPolicy();
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const form = useFieldErrors();
  const error = formMessage(reset.error);

  if (!token) {
    return (
      <AuthPage title={authCopy.resetTitle}>
        <Stack>
          <Alert color="red">{authCopy.resetMissingToken}</Alert>
          <Anchor component={Link} to="/recuperar" fw={600}>
            {authCopy.recoverTitle}
          </Anchor>
        </Stack>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={authCopy.resetTitle} text={authCopy.resetText}>
      <form
        ref={form.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const found: Record<string, string> = {};
          const weak = password ? passwordProblem(password, policy) : messages.fieldRequired;
          if (weak) found.password = weak;
          if (password && !confirm) found.confirm = messages.fieldRequired;
          else if (password !== confirm) found.confirm = messages.passwordsDontMatch;
          reset.reset();
          if (form.show(found)) return;
          reset.mutate(
            { token, newPassword: password },
            {
              onSuccess: () => {
                notifications.show({ color: "green", message: messages.passwordChanged, autoClose: 3000 });
                navigate("/entrar", { replace: true });
              },
              onError: (err) => form.showApi(err, { newPassword: "password" }),
            },
          );
        }}
      >
        <Stack gap="md">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <PasswordInput
            label={authCopy.newPassword}
            description={authCopy.policyHint(policy.min_length)}
            required
            autoComplete="new-password"
            value={password}
            {...passwordErrorProps(form.errors.password)}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              form.clear("password");
            }}
          />
          <PasswordInput
            label={authCopy.passwordConfirm}
            required
            autoComplete="new-password"
            value={confirm}
            {...passwordErrorProps(form.errors.confirm)}
            onChange={(e) => {
              setConfirm(e.currentTarget.value);
              form.clear("confirm");
            }}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            {authCopy.resetButton}
          </Button>
          <Anchor component={Link} to="/entrar" fw={600} size="sm" ta="center">
            {authCopy.backToSignIn}
          </Anchor>
        </Stack>
      </form>
    </AuthPage>
  );
}
