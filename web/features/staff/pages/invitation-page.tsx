import {
  Alert,
  Button,
  Container,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { t } from "../../../../domain/messages";
import { STAFF_ROLE_LABELS } from "../../../../domain/staff";
import { isApiError } from "../../../lib/api-client";
import { usePageTitle } from "../../../lib/use-page-title";
import { useAcceptInvitation, useInvitation } from "../api";

/**
 * /equipo/invitacion?token=…: the staff invitation link (decision 0031). A new person picks a name
 * and password; someone who already has an account (a customer) confirms it with their password.
 */
export function InvitationPage() {
  usePageTitle("Invitación al equipo");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const fields = isApiError(accept.error) ? (accept.error.fields ?? {}) : {};
  const acceptMessage =
    accept.error && !Object.keys(fields).length
      ? isApiError(accept.error)
        ? accept.error.message
        : String(accept.error)
      : null;

  return (
    <Container size={480} w="100%" py={{ base: "xl", sm: 56 }} px="md">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }} ta="center">
          Invitación al equipo
        </Title>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
          {!token || invitation.isError ? (
            <Stack>
              <Alert color="red" role="alert">
                {isApiError(invitation.error) ? invitation.error.message : t("staffInvitationInvalid")}
              </Alert>
              <Button component={Link} to="/entrar" variant="light">
                Entrar
              </Button>
            </Stack>
          ) : invitation.isPending ? (
            <Stack align="center">
              <Loader role="status" aria-label="Cargando invitación" />
            </Stack>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                accept.mutate(
                  { token, password, ...(invitation.data.has_account ? {} : { name }) },
                  { onSuccess: () => navigate("/admin", { replace: true }) },
                );
              }}
            >
              <Stack>
                <Text>
                  Te invitaron a {invitation.data.studio} como{" "}
                  <b>{STAFF_ROLE_LABELS[invitation.data.role]}</b>.
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {invitation.data.email}
                </Text>
                {acceptMessage ? (
                  <Alert color="red" role="alert">
                    {acceptMessage}
                  </Alert>
                ) : null}
                {invitation.data.has_account ? (
                  <Text size="sm">
                    Ya tienes cuenta con este correo: confirma con tu contraseña de siempre.
                  </Text>
                ) : (
                  <TextInput
                    label="Tu nombre"
                    required
                    autoComplete="name"
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                    error={fields.name}
                  />
                )}
                <PasswordInput
                  label={invitation.data.has_account ? "Tu contraseña" : "Elige una contraseña"}
                  required
                  autoComplete={invitation.data.has_account ? "current-password" : "new-password"}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={fields.password}
                />
                <Button type="submit" loading={accept.isPending}>
                  Aceptar invitación
                </Button>
              </Stack>
            </form>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
