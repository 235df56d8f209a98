import { Box, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Brand } from "../../../components/brand";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";

/**
 * The access screens' frame: logo, heading and a card; the studio's bg_login image fills the
 * other half on wide screens (the sign-in page).
 */
export function AuthPage({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  usePageTitle(title);
  const { bg_login } = useAppConfig();
  return (
    <Box style={{ display: "flex", minHeight: "calc(100dvh - 64px)" }}>
      <Container size={480} w="100%" py={{ base: "xl", sm: 56 }} px="md" style={{ flex: 1 }}>
        <Stack gap="lg">
          <Stack gap="xs" align="center" ta="center">
            <Brand />
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {title}
            </Title>
            {text ? (
              <Text c="dimmed" maw={380}>
                {text}
              </Text>
            ) : null}
          </Stack>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
            {children}
          </Paper>
        </Stack>
      </Container>
      {bg_login ? (
        <Box
          visibleFrom="md"
          aria-hidden="true"
          style={{
            flex: 1,
            backgroundImage: `url("${bg_login}")`,
            backgroundSize: "cover",
            backgroundPosition: "center",
          }}
        />
      ) : null}
    </Box>
  );
}
