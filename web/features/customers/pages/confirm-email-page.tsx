import { Alert, Button, Container, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import { useConfirmEmailChange } from "../api";
import { customersCopy as c } from "../copy";

/**
 * /confirmar-correo?token=…: the link of the email-change confirmation (decision 0018). Opening it
 * confirms: the page sends the token once (the link is single use) and says what happened. It
 * works signed in or not, on any device: the token is the proof.
 */
export function ConfirmEmailPage() {
  usePageTitle(c.confirmEmailTitle);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmEmailChange();
  const user = useCurrentUser();
  const sent = useRef(false);
  useEffect(() => {
    // Once, even if React runs the effect twice: a second send would find the link spent.
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  return (
    <Container size={480} w="100%" py={{ base: "xl", sm: 56 }} px="md">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }} ta="center">
          {c.confirmEmailTitle}
        </Title>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
          {confirm.isSuccess ? (
            <Stack>
              <Alert color="green" role="status">
                {confirm.data.message}
              </Alert>
              <Text style={{ overflowWrap: "anywhere" }}>
                <b>{confirm.data.email}</b>
              </Text>
              {user.data ? (
                <Button component={Link} to="/mystudio/informacion">
                  {c.goToProfile}
                </Button>
              ) : (
                <Button component={Link} to="/entrar?redirect=%2Fmystudio%2Finformacion">
                  {c.signIn}
                </Button>
              )}
            </Stack>
          ) : confirm.isError ? (
            <Stack>
              <Alert color="red" role="alert">
                {isApiError(confirm.error) ? confirm.error.message : String(confirm.error)}
              </Alert>
              <Button component={Link} to="/mystudio/informacion" variant="light">
                {c.goToProfile}
              </Button>
            </Stack>
          ) : (
            <Stack align="center">
              <Loader role="status" aria-label={c.confirmingEmail} />
              <Text>{c.confirmingEmail}</Text>
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
