import { Text, Title } from "@mantine/core";
import { formatDate } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import type { Announcement } from "../api";
import { RichText } from "./rich-text";
import classes from "./sections.module.css";

/** One announcement: image, date, title and its (server-sanitised) HTML. */
export function AnnouncementCard({
  announcement,
  headingLevel = 3,
}: {
  announcement: Announcement;
  headingLevel?: 2 | 3;
}) {
  const { timezone } = useAppConfig();
  return (
    <article className={classes.card}>
      {announcement.image ? (
        <img
          src={announcement.image}
          alt=""
          className={classes.cardImage}
          loading="lazy"
          decoding="async"
          width={1200}
          height={630}
        />
      ) : null}
      <div className={classes.cardBody}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          <time dateTime={announcement.createdAt}>{formatDate(announcement.createdAt, timezone)}</time>
        </Text>
        <Title order={headingLevel} fz="h4">
          {announcement.title}
        </Title>
        {announcement.content ? <RichText html={announcement.content} size="sm" /> : null}
      </div>
    </article>
  );
}
