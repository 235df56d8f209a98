import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client";
import { usePageTitle } from "../../../lib/use-page-title";
import { useCreateFirstOwner } from "../api";

/**
 * An empty studio's /admin (decision 0054): creates the owner's account, once, with the set-up code
 * the server printed at start-up (decision 0054), so a stranger who finds the address first cannot
 * claim the studio. The server closes this for good as soon as it succeeds.
 */
export function FirstOwnerForm() {
  usePageTitle("Crea la cuenta del propietario");
  const create = useCreateFirstOwner();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [setupCode, setSetupCode] = useState("");
  const fields = isApiError(create.error) ? (create.error.fields ?? {}) : {};
  const message = create.error
    ? isApiError(create.error)
      ? create.error.message
      : String(create.error)
    : null;
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }} w="100%" maw={440}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ name, email, password, setup_code: setupCode });
          }}
        >
          <Stack>
            <Title order={1} fz={26}>
              Bienvenido a tu estudio
            </Title>
            <Text c="dimmed" size="sm">
              Todavía no hay nadie a cargo. Crea la cuenta del propietario: con ella configuras el estudio e
              invitas a tu equipo. Esta pantalla solo aparece una vez.
            </Text>
            <Text c="dimmed" size="sm">
              Para comprobar que eres quien instaló el estudio, escribe el código de configuración que el
              servidor mostró al arrancar (por ejemplo «ABCD-EFGH-JKMN»). Si no lo tienes, reinicia el
              servidor para ver uno nuevo, o crea la cuenta desde la terminal con «npm run admin:create».
            </Text>
            {message && !Object.keys(fields).length ? (
              <Alert color="red" role="alert">
                {message}
              </Alert>
            ) : null}
            <TextInput
              label="Código de configuración"
              required
              autoComplete="off"
              spellCheck={false}
              value={setupCode}
              onChange={(e) => setSetupCode(e.currentTarget.value)}
              error={fields.setup_code}
            />
            <TextInput
              label="Tu nombre"
              required
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fields.name}
            />
            <TextInput
              label="Correo"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fields.email}
            />
            <PasswordInput
              label="Contraseña"
              required
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fields.password}
            />
            <Button type="submit" loading={create.isPending}>
              Crear cuenta del propietario
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
