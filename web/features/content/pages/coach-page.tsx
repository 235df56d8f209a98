import { Navigate, useParams } from "react-router";
import { useSeo } from "../../../lib/use-seo";
import { useInstructor } from "../api";
import { coachName } from "../components/coach-card";
import { CoachProfile } from "../components/coach-profile";
import { PageLoadError, PageSpinner } from "./page-state";

/** /coach/:id: the coach's bio; an unknown coach sends the visitor home (seed behaviour). */
export function CoachPage() {
  const id = Number(useParams().id);
  const coach = useInstructor(id);
  useSeo({
    title: coach.data ? coachName(coach.data) : undefined,
    description: coach.data?.short_bio,
    image: coach.data?.image,
    type: "profile",
  });
  if (!Number.isInteger(id) || id <= 0 || coach.data === null) return <Navigate to="/" replace />;
  if (coach.isPending) return <PageSpinner />;
  if (coach.isError) return <PageLoadError />;
  return <CoachProfile coach={coach.data} details={false} />;
}
