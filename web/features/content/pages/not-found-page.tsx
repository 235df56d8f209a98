import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";
import { copy } from "../../../lib/copy";
import { usePageTitle } from "../../../lib/use-page-title";

/** 404 for unknown paths (and unknown content-page slugs). */
export function NotFoundPage() {
  usePageTitle(copy.notFound.title);
  return (
    <Center py={{ base: 64, sm: 96 }} px="md" style={{ flex: 1 }}>
      <Stack align="center" gap="md" ta="center" maw={440}>
        <Text
          fz={{ base: 72, sm: 96 }}
          fw={800}
          lh={1}
          c="brand.6"
          aria-hidden="true"
          style={{ letterSpacing: "-0.04em" }}
        >
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {copy.notFound.title}
        </Title>
        <Text c="dimmed">{copy.notFound.text}</Text>
        <Button
          component={Link}
          to="/"
          size="md"
          radius="xl"
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
        >
          {copy.notFound.home}
        </Button>
      </Stack>
    </Center>
  );
}
