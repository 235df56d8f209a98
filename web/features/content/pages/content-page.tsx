import {
  Alert,
  Center,
  Container,
  Loader,
  Stack,
  Text,
  Title,
  TypographyStylesProvider,
} from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useParams } from "react-router";
import { copy } from "../../../app/copy";
import { usePageTitle } from "../../../lib/use-page-title";
import { usePage } from "../api";
import { NotFoundPage } from "./not-found-page";

/** /:slug: a content page from GET /api/pages/{slug} (HTML sanitised by the server on save). */
export function ContentPage() {
  const { slug = "" } = useParams();
  const page = usePage(slug);
  usePageTitle(page.data?.title);

  if (page.isPending) {
    return (
      <Center py={96} role="status" aria-live="polite">
        <Loader aria-label={copy.app.loading} />
      </Center>
    );
  }
  if (page.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {copy.content.loadError}
        </Alert>
      </Container>
    );
  }
  if (!page.data) return <NotFoundPage />;

  return (
    <Container size="md" py={{ base: "xl", sm: 56 }} component="article">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {page.data.title}
        </Title>
        {page.data.content ? (
          <TypographyStylesProvider>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: admin HTML, sanitised by the server on save */}
            <div dangerouslySetInnerHTML={{ __html: page.data.content }} />
          </TypographyStylesProvider>
        ) : (
          <Text c="dimmed">{copy.content.empty}</Text>
        )}
      </Stack>
    </Container>
  );
}
