import { Container, SimpleGrid, Text } from "@mantine/core";
import { useSeo } from "../../../lib/use-seo";
import { useAnnouncements } from "../api";
import { AnnouncementCard } from "../components/announcement-card";
import { SectionHeader } from "../components/section-header";
import { contentCopy } from "../copy";
import { PageLoadError, PageSpinner } from "./page-state";

/** /avisos: every published announcement, newest first. */
export function AnnouncementsPage() {
  const announcements = useAnnouncements();
  useSeo({ title: contentCopy.announcements, description: contentCopy.announcementsSubtitle });
  return (
    <Container size="lg" py={{ base: "xl", sm: 56 }} w="100%">
      <SectionHeader
        id="avisos-title"
        order={1}
        title={contentCopy.announcements}
        subtitle={contentCopy.announcementsSubtitle}
      />
      {announcements.isPending ? (
        <PageSpinner />
      ) : announcements.isError ? (
        <PageLoadError />
      ) : announcements.data.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {contentCopy.announcementsEmpty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {announcements.data.map((a) => (
            <AnnouncementCard key={a.announcement_id} announcement={a} headingLevel={2} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
