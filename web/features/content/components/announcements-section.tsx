import { Button, Container, SimpleGrid } from "@mantine/core";
import { Link } from "react-router";
import { useAnnouncements } from "../api";
import { contentCopy } from "../copy";
import { AnnouncementCard } from "./announcement-card";
import { SectionHeader } from "./section-header";
import classes from "./sections.module.css";

/** The three newest announcements; hidden when there are none. */
export function AnnouncementsSection() {
  const { data: announcements = [] } = useAnnouncements();
  if (announcements.length === 0) return null;
  return (
    <section
      id="avisos"
      aria-labelledby="announcements-title"
      className={`${classes.section} ${classes.tinted}`}
    >
      <Container size="lg">
        <SectionHeader
          id="announcements-title"
          title={contentCopy.announcements}
          action={
            <Button component={Link} to="/avisos" variant="subtle" radius="xl">
              {contentCopy.allAnnouncements}
            </Button>
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {announcements.slice(0, 3).map((a) => (
            <AnnouncementCard key={a.announcement_id} announcement={a} />
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
