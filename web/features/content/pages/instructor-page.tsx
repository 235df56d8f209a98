import { Box, Title } from "@mantine/core";
import { useParams } from "react-router";
import { useAppConfig } from "../../../lib/app-config";
import { useSeo } from "../../../lib/use-seo";
import { useInstructor, useSchedule } from "../api";
import { ClassList, studioDateRange } from "../components/class-list";
import { coachName } from "../components/coach-card";
import { CoachProfile } from "../components/coach-profile";
import { contentCopy } from "../copy";
import { NotFoundPage } from "./not-found-page";
import { PageLoadError, PageSpinner } from "./page-state";

function CoachClasses({ id, name }: { id: number; name: string }) {
  const { timezone, single_class_enabled } = useAppConfig();
  const [start, end] = studioDateRange(timezone, 14);
  const schedule = useSchedule(start, end, id);
  if (!single_class_enabled || schedule.isPending) return null;
  return (
    <Box component="section" aria-labelledby="coach-classes" mt={56} maw={760}>
      <Title id="coach-classes" order={2} fz="h3" mb="md">
        {contentCopy.coachClasses(name)}
      </Title>
      <ClassList days={schedule.data ?? []} />
    </Box>
  );
}

/** /instructor/:id: profile (quote, instagram, birthday, music, bio) and the coach's next classes. */
export function InstructorPage() {
  const id = Number(useParams().id);
  const coach = useInstructor(id);
  const name = coach.data ? coachName(coach.data) : "";
  useSeo({
    title: name || undefined,
    description: coach.data?.quote || coach.data?.short_bio,
    image: coach.data?.image,
    type: "profile",
  });
  if (!Number.isInteger(id) || id <= 0 || coach.data === null) return <NotFoundPage />;
  if (coach.isPending) return <PageSpinner />;
  if (coach.isError) return <PageLoadError />;
  return (
    <CoachProfile coach={coach.data} details>
      <CoachClasses id={id} name={coach.data.nick_name || coach.data.name} />
    </CoachProfile>
  );
}
