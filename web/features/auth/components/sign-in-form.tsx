import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { useSignIn } from "../api";
import { authCopy } from "../copy";

/**
 * Email + password with show/hide toggle. Errors are the seed's texts from the API (user not
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
  const error = signIn.error
    ? isApiError(signIn.error)
      ? signIn.error.message
      : String(signIn.error)
    : null;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        signIn.mutate({ email, password }, { onSuccess: onSignedIn });
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
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label={authCopy.password}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
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
