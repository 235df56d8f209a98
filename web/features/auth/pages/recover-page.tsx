import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { useRecover } from "../api";
import { AuthPage } from "../components/auth-page";
import { authCopy } from "../copy";

/** /recuperar: an email field, 'Recuperar', and a link back to sign in (seed 000 §2). */
export function RecoverPage() {
  const [email, setEmail] = useState("");
  const recover = useRecover();
  return (
    <AuthPage title={authCopy.recoverTitle} text={authCopy.recoverText}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          recover.mutate(email, {
            onSuccess: (data) =>
              notifications.show({ color: "green", message: data.message, autoClose: 3000 }),
          });
        }}
      >
        <Stack gap="md">
          {recover.isSuccess ? (
            <Alert color="green" role="status">
              {recover.data.message}
            </Alert>
          ) : null}
          {recover.error ? (
            <Alert color="red" role="alert">
              {isApiError(recover.error) ? recover.error.message : String(recover.error)}
            </Alert>
          ) : null}
          <TextInput
            label={authCopy.email}
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" size="md" fullWidth loading={recover.isPending}>
            {authCopy.recoverButton}
          </Button>
          <Anchor component={Link} to="/entrar" fw={600} size="sm" ta="center">
            {authCopy.backToSignIn}
          </Anchor>
        </Stack>
      </form>
    </AuthPage>
  );
}
