import { Divider, Paper, Stack, Title } from "@mantine/core";
import { customersCopy as c } from "../copy";
import { EmailChange } from "./email-change";
import { PasswordChange } from "./password-change";
import { SessionList } from "./session-list";

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
