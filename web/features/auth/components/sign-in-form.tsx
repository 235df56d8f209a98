import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { messages } from "../../../../domain/messages";
import { emailProblem, formMessage, passwordErrorProps, useFieldErrors } from "../../../lib/field-errors";
import { useSignIn } from "../api";
import { authCopy } from "../copy";

/**
 * Email + password with show/hide toggle. Errors are the API's Spanish texts (user not
 * found, wrong password, too many attempts) shown inline.
 */
export function SignInForm({
  onSignedIn,
  onSwitchToSignUp,
  signUpHref = "/registro",
}: {
  onSignedIn: () => void;
  /** In the modal, "Crea tu cuenta" toggles instead of navigating. */
  onSwitchToSignUp?: () => void;
  signUpHref?: string;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signIn = useSignIn();
  const form = useFieldErrors();
  const error = formMessage(signIn.error);

  return (
    <form
      ref={form.ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found: Record<string, string> = {};
        const emailError = emailProblem(email);
        if (emailError) found.email = emailError;
        if (!password) found.password = messages.passwordRequired;
        signIn.reset();
        if (form.show(found)) return;
        signIn.mutate({ email, password }, { onSuccess: onSignedIn, onError: (err) => form.showApi(err) });
      }}
    >
      <Stack gap="md">
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={authCopy.email}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={form.errors.email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            form.clear("email");
          }}
        />
        <PasswordInput
          label={authCopy.password}
          autoComplete="current-password"
          required
          value={password}
          {...passwordErrorProps(form.errors.password)}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            form.clear("password");
          }}
          visibilityToggleButtonProps={{ "aria-label": authCopy.showPassword }}
        />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          {authCopy.signInButton}
        </Button>
        <Group justify="space-between" gap="xs">
          {onSwitchToSignUp ? (
            <Anchor component="button" type="button" onClick={onSwitchToSignUp} fw={600} size="sm">
              {authCopy.createAccount}
            </Anchor>
          ) : (
            <Anchor component={Link} to={signUpHref} fw={600} size="sm">
              {authCopy.createAccount}
            </Anchor>
          )}
          <Anchor component={Link} to="/recuperar" fw={600} size="sm">
            {authCopy.forgotPassword}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
