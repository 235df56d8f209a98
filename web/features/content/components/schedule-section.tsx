import { Button, Container } from "@mantine/core";
import { IconCalendarEvent } from "@tabler/icons-react";
import { Link } from "react-router";
import { useAppConfig } from "../../../lib/app-config";
import { useSchedule } from "../api";
import { contentCopy } from "../copy";
import { ClassList, studioDateRange } from "./class-list";
import { SectionHeader } from "./section-header";
import classes from "./sections.module.css";

/** The in-person schedule for the next days, linking to /calendario to book. */
export function ScheduleSection() {
  const config = useAppConfig();
  const [start, end] = studioDateRange(config.timezone, 3);
  const { data: days = [] } = useSchedule(start, end);
  if (!config.single_class_enabled || days.every((d) => (d.single_classes ?? []).length === 0)) return null;
  return (
    <section id="horario" aria-labelledby="schedule-title" className={classes.section}>
      <Container size="md">
        <SectionHeader
          id="schedule-title"
          title={contentCopy.schedule}
          subtitle={contentCopy.scheduleSubtitle}
          action={
            <Button
              component={Link}
              to="/calendario"
              radius="xl"
              leftSection={<IconCalendarEvent size={18} aria-hidden="true" />}
            >
              {contentCopy.fullSchedule}
            </Button>
          }
        />
        <ClassList days={days} />
      </Container>
    </section>
  );
}
