import { Container, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconSparkles } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { copy } from "../lib/copy";
import { usePageTitle } from "../lib/use-page-title";

interface PagePlaceholderProps {
  title: string;
  subtitle?: string;
  /** Replaces the default "coming soon" sentence. */
  text?: string;
  children?: ReactNode;
  /** Inside the account layout the page already has side padding. */
  size?: "sm" | "md" | "lg";
}

/** A screen's title and a short sentence, for screens that later work fills in. */
export function PagePlaceholder({ title, subtitle, text, children, size = "md" }: PagePlaceholderProps) {
  usePageTitle(title);
  return (
    <Container size={size} py={{ base: "xl", sm: 48 }} w="100%">
      <Stack gap="lg">
        <PageHeading title={title} subtitle={subtitle} />
        <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
          <Stack align="center" gap="sm" ta="center" py="md">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
              <IconSparkles size={26} stroke={1.6} />
            </ThemeIcon>
            <Text c="dimmed" maw={420}>
              {text ?? copy.app.comingSoon}
            </Text>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 28, sm: 34 }} lh={1.15}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="lg">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
