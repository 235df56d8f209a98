import { Badge, Box, Button, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { Link } from "react-router";
import type { Video } from "../api";
import { truncate, videosCopy } from "../copy";
import { coachName } from "./video-card";

/** The featured, newest video of the library with its 'Comenzar' button. */
export function LatestVideoBanner({ video }: { video: Video }) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: "hidden" }} data-testid="latest-video">
      <Group wrap="wrap" gap={0} align="stretch">
        <Box style={{ flex: "1 1 320px", minHeight: 180 }}>
          <Image src={video.thumbnail} alt="" h="100%" mih={180} fit="cover" fallbackSrc="/favicon.svg" />
        </Box>
        <Stack gap="xs" p={{ base: "md", sm: "xl" }} justify="center" style={{ flex: "1 1 320px" }}>
          <Group gap="xs">
            <Badge variant="light">{videosCopy.latest}</Badge>
            <Text size="sm" c="dimmed">
              {[coachName(video), videosCopy.length(video.duration)].filter(Boolean).join(" · ")}
            </Text>
          </Group>
          <Title order={2} fz={{ base: 22, sm: 28 }} lh={1.2}>
            {video.name}
          </Title>
          {video.description ? <Text c="dimmed">{truncate(video.description, 160)}</Text> : null}
          <Group mt="xs">
            <Button
              component={Link}
              to={`/mystudio/video/${video.video_id}`}
              leftSection={<IconPlayerPlayFilled size={16} aria-hidden="true" />}
              radius="xl"
              size="md"
            >
              {videosCopy.start}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
