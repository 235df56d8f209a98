import { Container, Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { useSeo } from "../../../lib/use-seo";
import { usePage } from "../api";
import { RichText } from "../components/rich-text";
import { contentCopy } from "../copy";
import { NotFoundPage } from "./not-found-page";
import { PageLoadError, PageSpinner } from "./page-state";

/** Plain text of the first paragraph, for the page's meta description. */
function summary(html: string | null | undefined): string | undefined {
  const text = html
    ?.replace(/<h[1-6][^>]*>.*?<\/h[1-6]>/gs, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text || undefined;
}

/** A content page by slug: spinner, the sanitised HTML, 'Sin contenido', or the load-failure message. */
export function ContentPageView({ slug, fallbackTitle }: { slug: string; fallbackTitle?: string }) {
  const page = usePage(slug);
  useSeo({
    title: page.data?.title ?? fallbackTitle,
    description: summary(page.data?.content),
    type: "article",
  });

  if (page.isPending) return <PageSpinner />;
  if (page.isError) return <PageLoadError />;
  if (!page.data && !fallbackTitle) return <NotFoundPage />;

  return (
    <Container size="md" py={{ base: "xl", sm: 56 }} component="article" w="100%">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {page.data?.title ?? fallbackTitle}
        </Title>
        {page.data?.content ? (
          <RichText html={page.data.content} />
        ) : (
          <Text c="dimmed">{contentCopy.empty}</Text>
        )}
      </Stack>
    </Container>
  );
}

/** /:slug */
export function ContentPage() {
  const { slug = "" } = useParams();
  return <ContentPageView key={slug} slug={slug} />;
}
