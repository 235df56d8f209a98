import { Text } from "@mantine/core";
import { Link } from "react-router";
import type { Instructor } from "../api";
import classes from "./sections.module.css";

export const coachName = (coach: Pick<Instructor, "name" | "last_name" | "nick_name">) =>
  coach.nick_name || [coach.name, coach.last_name].filter(Boolean).join(" ");

/** A coach's photo, name and quote, linking to the profile. */
export function CoachCard({ coach }: { coach: Instructor }) {
  const name = coachName(coach);
  return (
    <Link to={`/instructor/${coach.instructor_id}`} className={classes.card}>
      {coach.image ? (
        <img
          src={coach.image}
          alt=""
          className={classes.avatar}
          loading="lazy"
          decoding="async"
          width={400}
          height={400}
        />
      ) : null}
      <div className={classes.cardBody}>
        <Text fw={700} size="lg">
          {name}
        </Text>
        {coach.quote ? (
          <Text c="dimmed" size="sm" fs="italic" lineClamp={2}>
            “{coach.quote}”
          </Text>
        ) : null}
      </div>
    </Link>
  );
}
