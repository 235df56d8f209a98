import { Container, SimpleGrid } from "@mantine/core";
import { useHomeInstructors } from "../api";
import { contentCopy } from "../copy";
import { CoachCard } from "./coach-card";
import { SectionHeader } from "./section-header";
import classes from "./sections.module.css";

/** The studio's active coaches (GET /api/instructors/home/all). */
export function CoachesSection() {
  const { data: coaches = [] } = useHomeInstructors();
  if (coaches.length === 0) return null;
  return (
    <section id="coaches" aria-labelledby="coaches-title" className={`${classes.section} ${classes.tinted}`}>
      <Container size="lg">
        <SectionHeader
          id="coaches-title"
          title={contentCopy.coaches}
          subtitle={contentCopy.coachesSubtitle}
        />
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: "sm", sm: "lg" }}>
          {coaches.map((coach) => (
            <CoachCard key={coach.instructor_id} coach={coach} />
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
