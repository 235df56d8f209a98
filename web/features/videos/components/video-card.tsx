import { AspectRatio, Badge, Card, Group, Image, Stack, Text } from "@mantine/core";
import { IconCircleCheckFilled, IconEye } from "@tabler/icons-react";
import { Link } from "react-router";
import type { Video } from "../api";
import { truncate, videosCopy } from "../copy";

export const coachName = (video: Video) =>
  video.instructor ? [video.instructor.name, video.instructor.last_name].filter(Boolean).join(" ") : "";

/** A library card: thumbnail, name (35 characters), description (60), coach, watched check, views. */
export function VideoCard({ video }: { video: Video }) {
  return (
    <Card
      component={Link}
      to={`/mystudio/video/${video.video_id}`}
      withBorder
      radius="lg"
      padding="sm"
      data-testid="video-card"
      style={{ height: "100%" }}
    >
      <Card.Section pos="relative">
        <AspectRatio ratio={16 / 9}>
          <Image src={video.thumbnail} alt="" fallbackSrc="/favicon.svg" fit="cover" />
        </AspectRatio>
        <Badge pos="absolute" bottom={8} right={8} color="dark" variant="filled" radius="sm">
          {videosCopy.length(video.duration)}
        </Badge>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700} lh={1.25} title={video.name}>
            {truncate(video.name, 35)}
          </Text>
          {video.completed ? (
            <IconCircleCheckFilled
              size={22}
              color="var(--mantine-color-teal-6)"
              aria-label={videosCopy.watched}
              role="img"
              style={{ flexShrink: 0 }}
            />
          ) : null}
        </Group>
        {video.description ? (
          <Text size="sm" c="dimmed" lh={1.35}>
            {truncate(video.description, 60)}
          </Text>
        ) : null}
        <Group justify="space-between" mt={4} gap="xs">
          <Text size="sm" fw={500}>
            {coachName(video)}
          </Text>
          <Group gap={4} c="dimmed">
            <IconEye size={16} aria-hidden="true" />
            <Text size="xs">{videosCopy.views(video.playbacks)}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
