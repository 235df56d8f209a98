import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link } from "react-router";
import { emailProblem, formMessage, useFieldErrors } from "../../../lib/field-errors";
import { useRecover } from "../api";
import { AuthPage } from "../components/auth-page";
import { authCopy } from "../copy";

/**
 * /recuperar: an email field, 'Recuperar', and a link back to sign in
 * (docs/product-rules.md#accounts).
 */
export function RecoverPage() {
  const [email, setEmail] = useState("");
  const recover = useRecover();
  const form = useFieldErrors();
  const error = formMessage(recover.error);
  return (
    <AuthPage title={authCopy.recoverTitle} text={authCopy.recoverText}>
      <form
        ref={form.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const problem = emailProblem(email);
          recover.reset();
          if (form.show(problem ? { email: problem } : {})) return;
          recover.mutate(email.trim(), {
            onSuccess: (data) =>
              notifications.show({ color: "green", message: data.message, autoClose: 3000 }),
            onError: (err) => form.showApi(err),
          });
        }}
      >
        <Stack gap="md">
          {recover.isSuccess ? (
            <Alert color="green" role="status">
              {recover.data.message}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label={authCopy.email}
            type="email"
            required
            autoComplete="email"
            value={email}
            error={form.errors.email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              form.clear("email");
            }}
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
